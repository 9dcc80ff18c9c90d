import { Type } from '@sinclair/typebox';

/** Query string of every paged list (reference PAGE params); page and pageSize are required. */
export const PageQuerySchema = Type.Object({
  pageSize: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  // A Java int in the reference; unbounded, page * pageSize overflows the SQL offset.
  page: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  textSearch: Type.Optional(Type.String({ maxLength: 255 })),
  sortProperty: Type.Optional(Type.String({ maxLength: 64 })),
  sortOrder: Type.Optional(Type.String({ maxLength: 8 })),
});

export interface PageQuery {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortProperty?: string;
  sortOrder?: string;
}
