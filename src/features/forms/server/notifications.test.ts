import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from '../form-definition.ts';
import { entryMails } from './notifications.ts';

const definition = formDefinitionSchema.parse({
  title: 'Contact',
  settings: { notifications: { visitorEmailField: 2, visitorSubject: 'Copy of {form}' } },
  fields: [
    { id: 1, type: 'text', label: 'Name' },
    { id: 2, type: 'email', label: 'Email' },
    { id: 3, type: 'hidden', label: 'Campaign', defaultValue: 'spring-offer' },
  ],
});
const fields = [
  { id: 1, type: 'text', label: 'Name', value: 'Ada' },
  { id: 2, type: 'email', label: 'Email', value: 'ada@example.org' },
  { id: 3, type: 'hidden', label: 'Campaign', value: 'spring-offer' },
];
const context = {
  siteTitle: 'Field Notes',
  siteUrl: 'https://notes.example',
  pageUrl: '/contact/',
  administrators: ['owner@example.org'],
};

describe('entry mails', () => {
  it('mails the owner with Reply-To the visitor, and the visitor a copy', () => {
    const { owner, visitorCopy } = entryMails(definition, fields, context);
    expect(owner).toMatchObject({
      to: ['owner@example.org'],
      subject: 'New entry: Contact',
      replyTo: 'ada@example.org',
    });
    expect(owner?.text).toContain('Name\nAda');
    expect(owner?.text).toContain(
      'Sent from https://notes.example/contact/ through the form "Contact" on Field Notes.',
    );
    expect(visitorCopy).toMatchObject({ to: ['ada@example.org'], subject: 'Copy of Contact' });
  });

  it('shows the owner the hidden fields, but leaves them out of the visitor’s copy', () => {
    const { owner, visitorCopy } = entryMails(definition, fields, context);
    expect(owner?.text).toContain('Campaign\nspring-offer');
    expect(owner?.html).toContain('spring-offer');
    expect(visitorCopy?.text).toContain('Name\nAda');
    expect(visitorCopy?.text).not.toContain('Campaign');
    expect(visitorCopy?.text).not.toContain('spring-offer');
    expect(visitorCopy?.html).not.toContain('spring-offer');
  });

  it('has an HTML part beside the text, with every value escaped', () => {
    const hostile = [
      { id: 1, type: 'text', label: 'Name <b>', value: '<script>alert("x")</script>\nline 2' },
      { id: 2, type: 'email', label: 'Email', value: 'ada@example.org' },
    ];
    const { owner, visitorCopy } = entryMails(definition, hostile, {
      ...context,
      siteTitle: 'Notes & <Sketches>',
    });
    for (const mail of [owner, visitorCopy]) {
      expect(mail?.html).toMatch(/^<!doctype html>/);
      expect(mail?.html).not.toContain('<script>');
      expect(mail?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\nline 2');
      expect(mail?.html).toContain('Name &lt;b&gt;');
      expect(mail?.html).toContain('Notes &amp; &lt;Sketches&gt;');
      // The text part keeps the values as they were typed.
      expect(mail?.text).toContain('<script>alert("x")</script>\nline 2');
    }
    expect(owner?.html).toContain(
      '<a href="https://notes.example/contact/">https://notes.example/contact/</a>',
    );
  });

  it('shows a rich-text answer as text in the plain part and as its markup in the HTML part', () => {
    const story = [
      ...fields,
      {
        id: 4,
        type: 'rich-text',
        label: 'Story',
        value: '<p>I like <strong>hills</strong></p><script>x()</script><ul><li>one</li></ul>',
      },
    ];
    const { owner } = entryMails(definition, story, context);
    expect(owner?.text).toContain('Story\nI like hills\none');
    expect(owner?.text).not.toContain('<strong>');
    expect(owner?.html).toContain('<p>I like <strong>hills</strong></p><ul><li>one</li></ul>');
    expect(owner?.html).not.toContain('<script>');
  });

  it('sends the form’s own recipients instead of the administrators', () => {
    const own = formDefinitionSchema.parse({
      ...definition,
      settings: { ...definition.settings, notifications: { ownerTo: ['desk@example.org'] } },
    });
    expect(entryMails(own, fields, context).owner?.to).toEqual(['desk@example.org']);
  });

  it('sends no visitor copy to an address that is not valid', () => {
    const { owner, visitorCopy } = entryMails(
      definition,
      [fields[0]!, { ...fields[1]!, value: 'not-an-address' }],
      context,
    );
    expect(visitorCopy).toBeUndefined();
    expect(owner?.replyTo).toBeUndefined();
  });
});
