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
      title: 'Necessary cookies',
      body: [
        'Necessary (essential) items keep you signed in and secure. Sikka cannot work without them, so they are always active.',
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
        'Analytics cookies would help us understand, in aggregate, which pages are used and where people get stuck. They are optional and would never be used for advertising.',
        'Sikka does not set any analytics cookies today, so the Analytics switch in the cookie banner has nothing to turn on yet. If we introduce analytics, they will be listed here first and will load only with your consent.',
      ],
    },
    {
      id: 'choices',
      title: 'Your choices',
      body: [
        {
          list: [
            'Accept All: records your consent so the banner does not ask again.',
            'Reject All, or closing the banner: only the necessary items are used; nothing is recorded, so the banner asks again on your next visit.',
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
