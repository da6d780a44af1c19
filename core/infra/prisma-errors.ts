/** True for a unique-constraint violation (Prisma's P2002, also raised through the pg driver adapter). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
