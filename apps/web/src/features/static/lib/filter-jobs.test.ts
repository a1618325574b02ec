import { describe, expect, it } from 'vitest';
import { jobs } from '@/features/static/content/jobs.ts';
import { filterJobs } from './filter-jobs.ts';

const titles = (query: string) => filterJobs(jobs, query).map((j) => j.title);

describe('filterJobs', () => {
  it('keeps every opening for an empty search', () => {
    expect(filterJobs(jobs, '   ')).toHaveLength(jobs.length);
  });

  it('finds by title, team or city, ignoring case, every word counting', () => {
    expect(titles('BACKEND')).toEqual(['Senior Backend Engineer, Payments']);
    expect(titles('compliance')).toEqual(['Compliance Analyst, AML']);
    expect(titles('support remote')).toEqual(['Customer Support Associate (Hindi & English)']);
    expect(titles('backend mumbai')).toEqual([]);
    expect(titles('nothing matches this')).toEqual([]);
  });
});
