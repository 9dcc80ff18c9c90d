/** A page of results on the wire (reference §1.5 PageData). */
export interface PageData<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

export type SortDirection = 'ASC' | 'DESC';
