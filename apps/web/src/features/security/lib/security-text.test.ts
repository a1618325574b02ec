import { describe, expect, it } from 'vitest';
import { backupCodesFileName, backupCodesFileText, groupSecret } from './security-text.ts';

describe('the TOTP secret for typing by hand', () => {
  it('comes in groups of four, upper case, spaces dropped first', () => {
    expect(groupSecret('jbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSW Y3DP EHPK 3PX')).toBe('JBSW Y3DP EHPK 3PX');
    expect(groupSecret('')).toBe('');
  });
});

describe('the backup codes file', () => {
  const made = new Date('2026-11-24T10:00:00Z');
  it('names the account and lists one code a line', () => {
    const text = backupCodesFileText(['aaaaa-bbbbb', 'ccccc-ddddd'], 'a@b.in', made);
    expect(text).toContain('Account: a@b.in');
    expect(text.split('\n')).toEqual(expect.arrayContaining(['aaaaa-bbbbb', 'ccccc-ddddd']));
  });
  it('is dated by its file name', () => {
    expect(backupCodesFileName(made)).toBe('sikka-backup-codes-2026-11-24.txt');
  });
});
