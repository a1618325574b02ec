import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOTER_PATHS } from './support/site-map.ts';
import { e2eSkipReason, startE2e, VIEWPORTS, type E2e, type Viewport } from './support/e2e-app.ts';
import { screenshotBothSizes } from './support/screenshots.ts';
import { StaticPage } from './page-models/static-page.ts';

const skip = e2eSkipReason();
if (skip) console.warn(skip);

/** Each static page: its h1 and phrases only its real content has. */
const contentPages: ReadonlyArray<{
  path: string;
  title: string;
  phrases: readonly string[];
  shot: string;
}> = [
  {
    path: '/about',
    title: 'Crypto for every Indian, in rupees',
    phrases: [
      '1M+',
      'Registered users',
      'Our mission',
      'Our vision',
      'What we stand for',
      'Safety before speed',
    ],
    shot: 'about',
  },
  {
    path: '/blog',
    title: 'News, guides and insights',
    phrases: [
      'What the 1% TDS on crypto means for your trades',
      'USDT explained: why Quick Trade is priced in Tether',
      'Complete your KYC in under five minutes',
      'Ananya Krishnan',
      'Tax & Regulation',
      'Apr 18, 2024',
    ],
    shot: 'blog',
  },
  {
    path: '/careers',
    title: 'Help India own crypto safely',
    phrases: [
      'Senior Backend Engineer, Payments',
      'Compliance Analyst, AML',
      'Customer Support Associate',
      'Remote, India',
    ],
    shot: 'careers',
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    phrases: [
      'Last updated: 27 April 2024',
      'You must be at least 18 years old',
      'Market rate',
      '₹50,00,000 per day',
    ],
    shot: 'terms',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    phrases: [
      'Last updated: 27 April 2024',
      'at least five years',
      'Digital Personal Data Protection Act, 2023',
    ],
    shot: 'privacy',
  },
  {
    path: '/aml-kyc',
    title: 'AML & KYC Policy',
    phrases: [
      'Last updated: 27 April 2024',
      'Financial Intelligence Unit – India (FIU-IND)',
      'Prevention of Money Laundering Act, 2002 (PMLA)',
      'bank statement for the last 6 months',
      'A live selfie',
    ],
    shot: 'aml-kyc',
  },
  {
    path: '/announcements',
    title: 'Product updates and notices',
    phrases: [
      'Scheduled maintenance on 28 April, 02:00–04:00 IST',
      'Sell USDT to INR instantly with Quick Trade',
    ],
    shot: 'announcements',
  },
];

describe.skipIf(Boolean(skip))('static pages and footer destinations in the browser', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  async function openPage(
    path: string,
    viewport: Viewport = VIEWPORTS.desktop,
  ): Promise<StaticPage> {
    const view = new StaticPage(await e2e.newPage(viewport));
    await view.acceptCookiesUpFront();
    await view.open(path);
    return view;
  }

  for (const { path, title, phrases, shot } of contentPages) {
    it(`${path} shows its content`, async () => {
      const view = await openPage(path);
      await expect(view.title).toHaveText(title);
      for (const phrase of phrases) {
        await expect(view.text(phrase), phrase).toBeVisible();
      }
      await expect(view.routerError).toHaveCount(0);
      await screenshotBothSizes(view.page, shot);
    });
  }

  it('the blog has three posts, each with artwork, date, author and category', async () => {
    const view = await openPage('/blog');
    await expect(view.articles).toHaveCount(3);
    for (const post of await view.articles.all()) {
      await expect(post.locator('svg').first()).toBeVisible();
      await expect(post.locator('time')).toHaveCount(1);
      await expect(post.getByRole('heading', { level: 2 })).toHaveCount(1);
    }
  });

  it('careers lists three jobs with Apply buttons and a search box that filters them', async () => {
    const view = await openPage('/careers');
    await expect(view.articles).toHaveCount(3);
    const apply = view.main.getByRole('link', { name: /^Apply for / });
    await expect(apply).toHaveCount(3);
    expect(await apply.first().getAttribute('href')).toMatch(
      /^mailto:careers@sikka\.example\?subject=/,
    );
    // The search keeps the openings whose text has every word typed.
    const search = view.main.getByRole('searchbox', { name: 'Search jobs' });
    await search.fill('mumbai');
    await expect(view.articles).toHaveCount(1);
    await expect(view.articles.getByRole('heading', { level: 3 })).toHaveText(
      'Compliance Analyst, AML',
    );
    await expect(view.main.getByText('1 of 3 openings')).toBeVisible();
    await search.fill('nothing matches this');
    await expect(view.articles).toHaveCount(0);
    await expect(view.main.getByText('No opening matches “nothing matches this”.')).toBeVisible();
    await screenshotBothSizes(view.page, 'careers-no-match');
    await view.main.getByRole('button', { name: 'Show all openings' }).click();
    await expect(view.articles).toHaveCount(3);
    await expect(search).toHaveValue('');
  });

  it('announcements show type, category and the important flag', async () => {
    const view = await openPage('/announcements');
    await expect(view.articles).toHaveCount(3);
    await expect(view.main.getByText('Important', { exact: true })).toHaveCount(2);
    await expect(view.main.getByText('Notice', { exact: true })).toHaveCount(2);
    await expect(view.main.getByText('Announcement', { exact: true })).toHaveCount(1);
    await expect(view.main.getByText('Maintenance', { exact: true })).toBeVisible();
  });

  it('every footer link lands on a designed page without an error', async () => {
    const view = await openPage('/');
    const links = await view.footerLinks();
    expect(links.map(([, href]) => href).sort()).toEqual([...FOOTER_PATHS].sort());
    for (const [label, href] of links) {
      // Click through from the footer as a visitor would.
      await view.shell.footer.getByRole('link', { name: label, exact: true }).click();
      await view.page.waitForURL((url) => url.pathname === href);
      await view.title.waitFor();
      await expect(view.routerError, href).toHaveCount(0);
      await expect(view.notFound, href).toHaveCount(0);
      expect((await view.title.innerText()).length, href).toBeGreaterThan(3);
      // The placeholder stand-in is gone everywhere.
      await expect(view.main.getByText('This section is being prepared'), href).toHaveCount(0);
    }
  });

  it('footer destinations carry their own content', async () => {
    const expectations: ReadonlyArray<[string, string, string]> = [
      ['/exchange', 'The Sikka Exchange', 'Order placement is coming soon'],
      ['/mobile-app', 'Sikka for Android and iOS', 'Sign in with fingerprint or Face ID'],
      ['/desktop-app', 'Sikka for desktop', 'Windows 10 and 11'],
      ['/support', 'How can we help?', 'Write to support'],
      ['/help', 'Guides for every step', 'Bank Transfer (IMPS/NEFT/RTGS)'],
      ['/faq', 'Frequently asked questions', 'Which documents do I need for KYC?'],
      ['/submit-ticket', 'Submit a ticket', 'Tickets are handled by e-mail for now'],
      ['/contact', 'Get in touch', 'support@sikka.example'],
      ['/cookie-policy', 'Cookie Policy', 'Analytics cookies'],
    ];
    for (const [path, title, phrase] of expectations) {
      const view = await openPage(path);
      await expect(view.title, path).toHaveText(title);
      await expect(view.text(phrase), `${path}: ${phrase}`).toBeVisible();
      await screenshotBothSizes(view.page, path.slice(1));
      await view.page.context().close();
    }
  });

  it("support's popular topics open their answers in the FAQ", async () => {
    const view = await openPage('/support', VIEWPORTS.mobile);
    const topics = view.main
      .getByRole('region', { name: 'Popular topics' })
      .getByRole('list')
      .getByRole('link');
    await expect(topics).toHaveCount(5);
    await topics.filter({ hasText: 'I entered the wrong UTR number' }).click();
    await view.page.waitForURL('**/faq#wrong-utr');
    const question = view.main.getByRole('button', { name: 'I entered the wrong UTR number' });
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    const answer = view.text('each UTR can be used once');
    await expect(answer).toBeVisible();
    await expect
      .poll(() => answer.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(VIEWPORTS.mobile.height);
    await screenshotBothSizes(view.page, 'faq-topic-open');
    // Every topic names an answer that exists.
    await view.page.goBack();
    for (const href of await topics.evaluateAll((links) =>
      links.map((a) => a.getAttribute('href') ?? ''),
    )) {
      await view.page.goto(href);
      await expect(view.main.locator('button[aria-expanded="true"]'), href).toHaveCount(1);
    }
  });

  it('the FAQ opens one answer at a time', async () => {
    const view = await openPage('/faq');
    const first = view.main.getByRole('button', { name: 'Who can open a Sikka account?' });
    const second = view.main.getByRole('button', { name: 'What are the deposit limits?' });
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    await view.text('aged 18 or over').waitFor();
    await second.click();
    await view.text('up to ₹50,00,000 per day').waitFor();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
  });

  it('the cookie policy names the necessary and analytics groups the banner offers', async () => {
    const view = await openPage('/cookie-policy');
    await expect(view.lastUpdated).toBeVisible();
    await expect(view.main.getByRole('heading', { name: 'Necessary cookies' })).toBeVisible();
    await expect(view.main.getByRole('heading', { name: 'Analytics cookies' })).toBeVisible();
    await expect(view.text('sikka_session')).toBeVisible();
  });

  it('the ticket form hands the ticket to the e-mail app, addressed to support', async () => {
    const view = await openPage('/submit-ticket');
    const form = view.main.getByRole('form', { name: 'Support ticket' });
    await form.getByLabel('Registered e-mail').fill('asha@example.com');
    await form.getByLabel('Category').selectOption('Quick Trade');
    await form.getByLabel('Subject').fill('Trade declined');
    await form.getByLabel('Describe the problem').fill('My sell order was declined twice.');
    await form.getByRole('button', { name: 'Send by e-mail' }).click();
    await view.main
      .getByRole('status')
      .filter({ hasText: 'Your e-mail app should now open' })
      .waitFor();
    // A mailto: hand-over, not a navigation away from Sikka.
    expect(view.shell.pathname()).toBe('/submit-ticket');
  });

  it('/fees shows the spread, deposit limits and network fees Sikka applies', async () => {
    const view = await openPage('/fees');
    for (const phrase of [
      'Market rate + ₹2 per USDT',
      'Market rate − ₹1.5 per USDT',
      '₹100',
      '₹10,00,000',
      '₹50,00,000',
      'Within 30 minutes',
      '0.0005 BTC',
      '1 sat',
      '2 network confirmations',
      'Instant',
    ]) {
      await expect(view.main.getByText(phrase, { exact: true }).first(), phrase).toBeVisible();
    }
    await expect(view.main.getByText('Deposit fee')).toBeVisible();
    await screenshotBothSizes(view.page, 'fees');
  });

  it('/api-docs lists the endpoints of the server’s OpenAPI document and searches them', async () => {
    const view = await openPage('/api-docs');
    const operations = view.main.getByTestId('api-operation');
    await operations.first().waitFor();
    const doc = (await (await fetch(`${e2e.baseURL}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    await expect(operations).toHaveCount(expected);
    for (const path of [
      '/api/auth/signup',
      '/api/trades/quick',
      '/api/market/tickers',
      '/api/market/candles',
    ]) {
      await expect(view.main.getByRole('heading', { name: path, exact: true }), path).toBeVisible();
    }
    // Parameters and body fields come from the document.
    const candles = operations.filter({
      has: view.page.getByRole('heading', { name: '/api/market/candles', exact: true }),
    });
    await expect(candles.getByRole('cell', { name: 'interval', exact: true })).toBeVisible();
    const signup = operations.filter({
      has: view.page.getByRole('heading', { name: '/api/auth/signup', exact: true }),
    });
    await expect(signup.getByText('fullName', { exact: true }).first()).toBeVisible();
    await screenshotBothSizes(view.page, 'api-docs');

    // Each endpoint lists its own errors: signing out never answers 409 Conflict.
    const logout = operations.filter({
      has: view.page.getByRole('heading', { name: '/api/auth/logout', exact: true }),
    });
    const logoutErrors = logout.getByRole('list', { name: 'Error responses' });
    await expect(logoutErrors).toBeVisible();
    expect(await logoutErrors.getByRole('listitem').allInnerTexts()).toEqual([
      '400 Invalid request',
      '403 Forbidden',
      '413 Too large',
      '415 Wrong content type',
    ]);

    // The admin routes are in one section of their own, last and marked, and nowhere else.
    const adminSection = view.main.locator('section[id^="group-"][data-restricted="true"]');
    await expect(adminSection).toHaveCount(1);
    await expect(adminSection.getByRole('heading', { level: 2 })).toContainText('Admin only');
    const sectionPaths = (section: typeof adminSection) =>
      section.getByTestId('api-operation').getByRole('heading', { level: 3 }).allInnerTexts();
    const adminPaths = await sectionPaths(adminSection);
    expect(adminPaths.length).toBeGreaterThan(10);
    expect(adminPaths.every((p) => p.startsWith('/api/admin/'))).toBe(true);
    const otherPaths = await sectionPaths(
      view.main.locator('section[id^="group-"]:not([data-restricted])'),
    );
    expect(otherPaths.some((p) => p.startsWith('/api/admin/'))).toBe(false);
    expect(
      await view.main.locator('section[id^="group-"]').last().getAttribute('data-restricted'),
    ).toBe('true');
    await screenshotBothSizes(view.page, 'api-docs-admin', async () => {
      // Its heading at the top of the screen, under the sticky header.
      await adminSection.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
    });

    // Two endpoints have candles (the feed's and the spot exchange's); one path is asked for.
    await view.main.getByRole('searchbox', { name: 'Search endpoints' }).fill('candles');
    await expect(operations).toHaveCount(2);
    await view.main
      .getByRole('searchbox', { name: 'Search endpoints' })
      .fill('/api/market/candles');
    await expect(operations).toHaveCount(1);
  });

  it('unknown addresses get the not-found page', async () => {
    const view = await openPage('/no-such-page');
    await expect(view.notFound).toBeVisible();
    await expect(view.routerError).toHaveCount(0);
  });
});
