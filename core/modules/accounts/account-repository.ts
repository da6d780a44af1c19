import type { Db } from '../../infra/prisma';

export type UserRow = { id: string; name: string; email: string; phone: string | null };
export type UserWithHash = UserRow & { passwordHash: string };

const publicFields = { id: true, name: true, email: true, phone: true } as const;

export function createAccountRepository(db: Db) {
  return {
    /** Emails are stored lower-cased, so this lookup is case-insensitive for callers that lower-case too. */
    findByEmail(email: string): Promise<UserWithHash | null> {
      return db.user.findUnique({ where: { email }, select: { ...publicFields, passwordHash: true } });
    },

    findById(id: string): Promise<UserRow | null> {
      return db.user.findUnique({ where: { id }, select: publicFields });
    },

    /** Throws a unique violation when the email is taken (also when two sign-ups race). */
    create(data: { name: string; email: string; phone: string | null; passwordHash: string }): Promise<UserRow> {
      return db.user.create({ data, select: publicFields });
    },

    updatePasswordHash(id: string, passwordHash: string): Promise<unknown> {
      return db.user.update({ where: { id }, data: { passwordHash }, select: { id: true } });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
