import { HttpProblem } from '@kadr/http-kit';
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

/**
 * Express gives a repeated query parameter as an array. Which of its values was meant is not ours to guess
 * (`?skip=&skip=5`): a repeated parameter is a 400 `validation` naming it, as every other malformed value is.
 */
export function singleValues(query: Record<string, unknown>): Record<string, unknown> {
  const repeated = Object.keys(query).filter((key) => Array.isArray(query[key]));
  if (repeated.length > 0) {
    throw new HttpProblem('validation', {
      detail: 'Please fix highlighted fields.',
      errors: Object.fromEntries(repeated.map((key) => [key, 'Give this parameter once.'])),
    });
  }
  return query;
}
