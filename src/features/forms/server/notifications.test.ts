import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from '../form-definition.ts';
import { entryMails } from './notifications.ts';

const definition = formDefinitionSchema.parse({
  title: 'Contact',
  settings: { notifications: { visitorEmailField: 2, visitorSubject: 'Copy of {form}' } },
  fields: [
    { id: 1, type: 'text', label: 'Name' },
    { id: 2, type: 'email', label: 'Email' },
  ],
});
const fields = [
  { id: 1, type: 'text', label: 'Name', value: 'Ada' },
  { id: 2, type: 'email', label: 'Email', value: 'ada@example.org' },
];
const context = {
  siteTitle: 'Field Notes',
  siteUrl: 'https://notes.example',
  pageUrl: '/contact/',
  administrators: ['owner@example.org'],
};

describe('entry mails', () => {
  it('mails the owner with Reply-To the visitor, and the visitor a copy', () => {
    const [owner, visitor] = entryMails(definition, fields, context);
    expect(owner).toMatchObject({
      to: ['owner@example.org'],
      subject: 'New entry: Contact',
      replyTo: 'ada@example.org',
    });
    expect(owner?.text).toContain('Name\nAda');
    expect(owner?.text).toContain('https://notes.example/contact/');
    expect(visitor).toMatchObject({ to: ['ada@example.org'], subject: 'Copy of Contact' });
  });

  it('sends the form’s own recipients instead of the administrators', () => {
    const own = formDefinitionSchema.parse({
      ...definition,
      settings: { ...definition.settings, notifications: { ownerTo: ['desk@example.org'] } },
    });
    expect(entryMails(own, fields, context)[0]?.to).toEqual(['desk@example.org']);
  });

  it('sends no visitor copy to an address that is not valid', () => {
    const mails = entryMails(
      definition,
      [fields[0]!, { ...fields[1]!, value: 'not-an-address' }],
      context,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.replyTo).toBeUndefined();
  });
});
