import { describe, expect, it } from 'vitest';
import { emailSchema, fullNameSchema, hasInvisibleCharacters, loginRequestSchema } from './auth.ts';
import { messages } from './messages.ts';

/** The first message of a refusal; a success fails the test (so no undefined === undefined). */
const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => {
  expect(r.success).toBe(false);
  return r.error?.issues[0]?.message;
};

/** Invisible and text-direction characters, by code point, so this file shows what it tests. */
const INVISIBLE = {
  zeroWidthSpace: '\u200B',
  zeroWidthNonJoiner: '\u200C',
  zeroWidthJoiner: '\u200D',
  leftToRightMark: '\u200E',
  rightToLeftOverride: '\u202E',
  leftToRightEmbedding: '\u202A',
  wordJoiner: '\u2060',
  invisibleSeparator: '\u2063',
  firstStrongIsolate: '\u2068',
  popDirectionalIsolate: '\u2069',
  byteOrderMark: '\uFEFF',
  softHyphen: '\u00AD',
  arabicLetterMark: '\u061C',
  hangulFiller: '\u3164',
  variationSelector16: '\uFE0F',
  combiningGraphemeJoiner: '\u034F',
  brailleBlank: '\u2800',
  nul: '\u0000',
  tab: '\t',
};

describe('identity text rules (ADR 008)', () => {
  it('refuses every invisible or bidi control character inside an e-mail, with its message', () => {
    for (const [name, ch] of Object.entries(INVISIBLE)) {
      const r = emailSchema.safeParse(`ad${ch}min@sikka.local`);
      expect(firstMessage(r), name).toBe(messages.signup.emailInvisible);
    }
  });

  it('refuses them inside a name, and names made only of them', () => {
    for (const [name, ch] of Object.entries(INVISIBLE)) {
      const r = fullNameSchema.safeParse(`Asha${ch} Rao`);
      expect(firstMessage(r), name).toBe(messages.signup.fullNameInvisible);
    }
    expect(firstMessage(fullNameSchema.safeParse('\u200B\u200B\u200B'))).toBe(
      messages.signup.fullNameInvisible,
    );
    expect(firstMessage(fullNameSchema.safeParse('\u202Eoar ahsA'))).toBe(
      messages.signup.fullNameInvisible,
    );
  });

  it('accepts Indian names in Devanagari, Tamil, Bengali, Malayalam and Latin with diacritics', () => {
    const names = [
      'अनन्या शर्मा',
      'श्री कृष्ण',
      'முருகன் சுப்பிரமணியம்',
      'தமிழ்செல்வி',
      'সৌমিত্র চট্টোপাধ্যায়',
      'ശ്രീലക്ഷ്മി',
      'Zoë D’Souza',
      'O’Brien-Nair',
    ];
    for (const name of names)
      expect(fullNameSchema.safeParse(name), name).toMatchObject({ success: true });
  });

  it('keeps a zero-width joiner or non-joiner right after a virama in names, as Indic text needs', () => {
    // Malayalam chillu and a Devanagari half form written with ZWJ/ZWNJ after the virama.
    const malayalam = 'അവന\u0D4D\u200D';
    const devanagari = 'क\u094D\u200Cष';
    expect(fullNameSchema.safeParse(`${malayalam} നായർ`).success).toBe(true);
    expect(fullNameSchema.safeParse(`${devanagari} मेहता`).success).toBe(true);
    expect(hasInvisibleCharacters('a\u200Db', 'name')).toBe(true);
    expect(hasInvisibleCharacters(devanagari, 'email')).toBe(true);
  });

  it('normalises with NFKC: full-width and compatibility letters become the ones they stand for', () => {
    expect(emailSchema.parse('ａｄｍｉｎ@ｓｉｋｋａ.ｌｏｃａｌ')).toBe('admin@sikka.local');
    expect(fullNameSchema.parse('Ａｓｈａ Ｒａｏ')).toBe('Asha Rao');
    expect(fullNameSchema.parse('ﬁroz')).toBe('firoz');
    // Decomposed input (NFD) is stored composed.
    expect(fullNameSchema.parse('Zoe\u0308')).toBe('Zoë');
    expect(loginRequestSchema.parse({ email: 'ａｄｍｉｎ@sikka.local', password: 'x' }).email).toBe(
      'admin@sikka.local',
    );
  });

  it('says what is wrong in words', () => {
    expect(messages.signup.emailInvisible).toBe(
      'Email cannot contain invisible or text-direction characters (such as zero-width spaces)',
    );
    expect(messages.signup.fullNameInvisible).toMatch(/^Full name cannot contain invisible/);
  });

  it('keeps the product messages for empty or malformed input', () => {
    expect(firstMessage(emailSchema.safeParse('a@b'))).toBe(messages.signup.emailInvalid);
    expect(firstMessage(fullNameSchema.safeParse('A'))).toBe(messages.signup.fullNameMin);
  });
});
