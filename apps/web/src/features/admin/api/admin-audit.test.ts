import { describe, expect, it } from 'vitest';
import { adminAuditCsvHref, auditQueryString } from './admin-audit.ts';

describe('audit filters', () => {
  const none = { search: '', action: '', from: '', to: '' };

  it('sends only the filters that are set', () => {
    expect(auditQueryString(none, 1)).toBe('page=1');
    expect(
      auditQueryString({ search: ' asha ', action: 'security.', from: '2026-11-01', to: '' }, 2),
    ).toBe('search=asha&action=security.&from=2026-11-01&page=2');
  });

  it('gives the CSV the same filters and no page', () => {
    expect(adminAuditCsvHref(none)).toBe('/api/admin/audit.csv');
    expect(adminAuditCsvHref({ ...none, action: 'kyc.', to: '2026-11-30' })).toBe(
      '/api/admin/audit.csv?action=kyc.&to=2026-11-30',
    );
  });
});
