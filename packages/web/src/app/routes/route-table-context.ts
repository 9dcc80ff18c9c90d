import { createContext } from 'react';
import type { RouteObject } from 'react-router';

/** The route table, so the guard can match a location it has not entered yet. */
export const RouteTableContext = createContext<RouteObject[]>([]);
