import {
  COOKIE_CONSENT_STORAGE_KEY,
  SESSION_COOKIE,
  WATCHLIST_STORAGE_KEY,
} from '@sikka/contracts';
import type { PolicyDocument } from './policy.ts';

/**
 * Cookie Policy. It describes the same two groups the cookie banner offers (essential, always
 * on; analytics, optional) and names the real storage keys the app uses.
 */
export const cookiePolicy: PolicyDocument = {
  title: 'Cookie Policy',
  summary:
    'Sikka uses a small number of cookies and browser storage items. This page lists each one and explains how to control them.',
  sections: [
    {
      id: 'what',
      title: 'What cookies are',
      body: [
        'Cookies are small text files a website stores in your browser. Local storage works the same way but is never sent to our servers. We use both only for the purposes below.',
      ],
    },
    {
      id: 'essential',
      title: 'Essential cookies',
      body: [
        'These are needed for Sikka to work and cannot be switched off.',
        {
          list: [
            `${SESSION_COOKIE} (cookie): keeps you signed in. With "Remember me" it lasts 3 days; otherwise it ends when you close the browser. It cannot be read by page scripts.`,
            `${COOKIE_CONSENT_STORAGE_KEY} (local storage): remembers that you accepted cookies so the banner does not ask again.`,
            `${WATCHLIST_STORAGE_KEY} (local storage): the coins you starred, kept only in this browser.`,
          ],
        },
      ],
    },
    {
      id: 'analytics',
      title: 'Analytics cookies',
      body: [
        'Analytics help us understand which pages are used and where people get stuck, in aggregate. They are optional and are never used for advertising. Sikka does not load any analytics until you choose Accept All in the cookie banner.',
      ],
    },
    {
      id: 'choices',
      title: 'Your choices',
      body: [
        {
          list: [
            'Accept All: essential and analytics cookies; your choice is remembered.',
            'Reject All, or closing the banner: essential cookies only; nothing is remembered and the banner asks again next visit.',
            'Clearing site data in your browser removes every item above and signs you out.',
          ],
        },
      ],
    },
    {
      id: 'contact',
      title: 'Changes and contact',
      body: [
        'If we add a cookie we will list it here first. Questions about cookies go to privacy@sikka.example.',
      ],
    },
  ],
};
