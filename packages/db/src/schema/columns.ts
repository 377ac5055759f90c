import { text, timestamp } from "drizzle-orm/pg-core";

import { type IdKind, newId } from "../ids";

export const idColumn = (kind: IdKind) =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId(kind));

export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
