-- A bank transfer has one UTR, so it can back at most one deposit: a UTR already pending or
-- approved cannot be filed again (by the same user or another), which keeps one transfer from
-- being credited twice. A rejected request frees its UTR for a corrected re-submission.
CREATE UNIQUE INDEX deposits_utr_active_key ON deposits (utr_number) WHERE status <> 'rejected';
