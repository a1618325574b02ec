import pg from 'pg';

/** A fresh, empty database on the bench's throwaway cluster; returns its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
