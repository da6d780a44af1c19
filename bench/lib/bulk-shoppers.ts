import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Shopper } from './shoppers';

/**
 * Thousands of signed-in shoppers, each with a session and a saved address, written straight into the database in
 * three statements: rows like those registration and POST /api/address/add write, with session tokens made and hashed
 * as the session service makes them (32 random bytes, base64url; SHA-256 stored). Registering them through the API
 * would spend minutes hashing passwords; the measurements that use them exercise sessions, not registration.
 */
export async function bulkShoppers(db: pg.Pool, count: number, label: string): Promise<Shopper[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const tag = `${label}-${Date.now().toString(36)}`;
  const { rows } = await db.query<{ n: number; user_id: string; address_id: string }>(
    `WITH u AS (
       INSERT INTO users (id, name, email, password_hash, created_at, updated_at)
       SELECT gen_random_uuid(), 'Bulk shopper ' || n, 'bulk-' || $2 || '-' || n || '@bench.example.in', '!', now(), now()
         FROM generate_series(1, $1::int) n
       RETURNING id, (regexp_match(email, '-(\\d+)@'))[1]::int AS n),
     s AS (
       INSERT INTO sessions (id, token_hash, user_id, expires_at, created_at)
       SELECT gen_random_uuid(), ($3::text[])[u.n], u.id, now() + interval '7 days', now() FROM u),
     a AS (
       INSERT INTO addresses (id, user_id, first_name, last_name, email, street, city, state, zipcode, country, phone, created_at, updated_at)
       SELECT gen_random_uuid(), u.id, 'Asha', 'Shopper' || u.n, 'bulk-' || u.n || '@bench.example.in', u.n || ' MG Road', 'Pune',
              'Maharashtra', '411001', 'India', '98' || lpad((u.n % 100000000)::text, 8, '0'), now(), now()
         FROM u
       RETURNING id, user_id)
     SELECT u.n, u.id AS user_id, a.id AS address_id FROM u JOIN a ON a.user_id = u.id ORDER BY u.n`,
    [count, tag, hashes],
  );
  return rows.map((r) => ({ userId: r.user_id, addressId: r.address_id, cookie: `sid=${tokens[r.n - 1]}` }));
}
