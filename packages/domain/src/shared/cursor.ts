/** Keyset pagination over (created_at, id), newest first: stable while new rows arrive. */
export function encodeCursor(at: Date, id: string): string {
  return `${at.toISOString()}~${id}`;
}

export function decodeCursor(cursor: string | null | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [iso, id] = cursor.split("~");
  const at = new Date(iso ?? "");
  return id && !Number.isNaN(at.getTime()) ? { at, id } : null;
}
