import type { Job } from '@/features/static/content/jobs.ts';

/**
 * The openings the careers search keeps: every word typed appears somewhere in the job's
 * title, team, city, type or description, ignoring case ("backend bengaluru" finds the
 * Bengaluru backend role). An empty search keeps them all.
 */
export function filterJobs(jobs: readonly Job[], query: string): readonly Job[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return jobs;
  return jobs.filter((job) => {
    const text = [job.title, job.department, job.location, job.type, job.description]
      .join(' ')
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
