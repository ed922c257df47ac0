import type { Role } from './permissions.ts';

/** A role as the admin names it. */
export const roleNames: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
};

/** What a role may do, in a line under its name. */
export const roleSummaries: Record<Role, string> = {
  administrator: 'Everything: settings, forms, entries, payments, subscribers, users.',
  editor: 'All posts and pages, tags, images and redirects.',
  author: 'Their own posts and images: write and publish.',
};

/** The Users screen, the invitation mail and the invitation's page (decision 0060). */
export const userAdminMessages = {
  title: 'Users',
  intro:
    'Everyone who signs in to this admin, with what their role lets them do. Invite someone by e-mail: the link in the mail is valid 7 days.',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  posts: 'Posts',
  since: 'Since',
  actions: 'Actions',
  you: '(you)',
  changeRole: 'Change role',
  remove: 'Remove',
  inviteHeading: 'Invite someone',
  invite: 'Send the invitation',
  pendingHeading: 'Invitations not accepted yet',
  noPending: 'No invitation is waiting.',
  expires: 'Link valid until',
  resend: 'Send again',
  revoke: 'Revoke',
  emailInvalid: 'Enter the e-mail address to send the invitation to.',
  alreadyUser: (email: string) => `${email} has an account already.`,
  alreadyInvited: (email: string) =>
    `${email} is invited already: send that invitation again instead.`,
  noSuchUser: 'There is no such user.',
  noSuchHeir: 'Choose who gets the posts: someone who has an account.',
  heirIsRemoved: 'The posts cannot go to the user being removed: choose someone else.',
  notYourself: 'You cannot remove your own account here.',
  lastAdministrator: 'The site needs an administrator: make someone else an administrator first.',
  noSuchInvite: 'That invitation was accepted, revoked or has run out.',
  invited: (email: string) => `An invitation was sent to ${email}.`,
  resent: (email: string) => `The invitation to ${email} was sent again, with a new link.`,
  revoked: (email: string) => `The invitation to ${email} was revoked: its link no longer works.`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  removed: (name: string, posts: number, heir: string) =>
    `${name} was removed${posts > 0 ? `; ${posts} ${posts === 1 ? 'post goes' : 'posts go'} to ${heir}` : ''}.`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeText: (name: string, posts: number) =>
    `${name} can no longer sign in, and is signed out everywhere now. ${posts === 0 ? 'They wrote no posts.' : `Their ${posts} ${posts === 1 ? 'post' : 'posts'} will show another author:`}`,
  heir: 'Give their posts to',
  confirmRemove: 'Remove the user',
  cancel: 'Cancel',
  mailSubject: (site: string) => `You are invited to ${site}`,
  mailText: (site: string, inviter: string, role: string, link: string, until: string) =>
    `${inviter} invites you to ${site} as ${role}.\n\nOpen this link to choose your name and password (it works once, until ${until}):\n${link}\n\nIf you did not expect this, ignore this mail: nothing happens without the link.`,
  acceptTitle: 'Join',
  acceptIntro: (role: string) =>
    `You are invited as ${role}. Choose your name and a password; you sign in with your e-mail address.`,
  acceptCreate: 'Create my account',
  inviteGone:
    'This invitation link was used, revoked or has run out. Ask whoever invited you to send it again.',
} as const;
