import { Column, is, sql, type DriverValueDecoder, type SQL, type SQLWrapper } from "drizzle-orm";

type JsonFields = Record<string, Column | SQL>;

/** What a select of `fields` gives for each row. */
export type JsonRow<Fields extends JsonFields> = {
  [Key in keyof Fields]: Fields[Key] extends Column
    ? Fields[Key]["_"]["data"] | (Fields[Key]["_"]["notNull"] extends true ? never : null)
    : Fields[Key] extends SQL<infer T>
      ? T
      : never;
};

/**
 * One row's `fields` as a JSON object (keys: the fields' names), to gather another query's rows
 * into a column of the page's one query (`json_agg`), read back with `readJsonRows`. Each value
 * is read by its field's own decoder (a date as a Date, a JSON-text column parsed), as Drizzle
 * reads a row. The names are the code's own identifiers, written into the statement as they are.
 */
export function jsonRow(fields: JsonFields): SQL {
  const pairs = Object.entries(fields).map(([key, field]) => sql`${sql.raw(`'${key}'`)}, ${field}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The decoder of `fields`' JSON rows (`jsonRow`), gathered as JSON text: one array of typed rows. */
export function readJsonRows<Fields extends JsonFields>(fields: Fields): (json: string) => Array<JsonRow<Fields>> {
  const decoders = Object.entries(fields).map(([key, field]) => {
    // A SQL field's decoder is what its mapWith() set (Drizzle keeps it out of its types).
    const decoder: DriverValueDecoder<unknown, unknown> = is(field, Column)
      ? field
      : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
    return [key, (value: unknown) => (value === null ? null : decoder.mapFromDriverValue(value))] as const;
  });
  return (json) =>
    (JSON.parse(json) as Array<Record<string, unknown>>).map(
      (row) => Object.fromEntries(decoders.map(([key, decode]) => [key, decode(row[key])])) as JsonRow<Fields>,
    );
}

/**
 * The rows a query selects as one JSON-text column of another query (one round trip for both), in
 * the query's `order`: `select` builds it from the `item` (`jsonRow(fields)`) and `place` it must
 * select, ordered by `order` (and limited) as a query of its own would be. Read back with `readJsonRows(fields)`.
 */
export function jsonRowsColumn<Fields extends JsonFields>(
  fields: Fields,
  order: SQL[],
  select: (selection: { item: SQL.Aliased; place: SQL.Aliased<number> }) => SQLWrapper,
) {
  const item = jsonRow(fields).as("item");
  const place = sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("place");
  return sql<string>`(select coalesce(json_agg(gathered.item order by gathered.place), '[]'::json)::text from ${select({ item, place })} gathered)`.mapWith(
    readJsonRows(fields),
  );
}
