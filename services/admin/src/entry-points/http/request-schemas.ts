// The public routes' schemas live in @kadr/contracts: the gateway's OpenAPI document is generated from them.
export {
  AdminDeleteJobQuerySchema as DeleteJobQuerySchema,
  AdminDeleteUserQuerySchema as DeleteUserQuerySchema,
  AdminIdParamsSchema as IdParamSchema,
  AdminLogsQuerySchema as LogsQuerySchema,
  AdminUserJobsQuerySchema as UserJobsQuerySchema,
  AdminUserOrdersQuerySchema as UserOrdersQuerySchema,
  AdminUsersQuerySchema as UsersQuerySchema,
} from '@kadr/contracts';

/** Express gives repeated query parameters as arrays; the routes take the first. */
export function firstValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? (value as unknown[])[0] : value]),
  );
}
