/**
 * Lua scripts for the operations Redis has no single command for. A script runs atomically on
 * the server, so no other client sees (or changes) the key between its steps.
 */

/** KEYS[1] lock key; ARGV[1] expected value. Deletes only a value we own (GET errors on a non-string, like the memory adapter). */
const compareAndDelete = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * KEYS[1] counter; ARGV[1] ttl ms. The expiry is set only while the counter has none (PTTL -1):
 * it starts with the first increment and later ones never extend it, yet no counter lives forever.
 */
const incrementWithTtl = `
local value = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return value
`;

/**
 * KEYS[1] log; ARGV[1] value, ARGV[2] max length, ARGV[3] ttl ms or ''.
 * Exact trimming (XADD MAXLEN n, no ~). Redis records max-deleted-entry-id only for XDEL, not for
 * trimming, so the script finds the newest entry the trim will drop and records it with
 * XSETID … MAXDELETEDID (Redis ≥ 7.0); readers compare their last id with it to detect gaps.
 * PEXPIRE runs in the same script, so the append and the expiry refresh are one atomic step.
 */
const appendToCappedLog = `
local maxLength = tonumber(ARGV[2])
local excess = redis.call('XLEN', KEYS[1]) + 1 - maxLength
local newestTrimmed = false
if excess > 0 then
  local doomed = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', excess)
  newestTrimmed = doomed[#doomed][1]
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', maxLength, '*', 'v', ARGV[1])
if newestTrimmed then
  redis.call('XSETID', KEYS[1], id, 'MAXDELETEDID', newestTrimmed)
end
if ARGV[3] ~= '' then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return id
`;

/** Passed as ioredis' `scripts` option: each becomes a method (EVALSHA, falling back to EVAL). */
export const kvScripts = {
  kvCompareAndDelete: { numberOfKeys: 1, lua: compareAndDelete },
  kvIncrementWithTtl: { numberOfKeys: 1, lua: incrementWithTtl },
  kvAppendToCappedLog: { numberOfKeys: 1, lua: appendToCappedLog },
};

/** The methods ioredis adds for `kvScripts` (it cannot type them itself). */
export interface KvScriptCommands {
  kvCompareAndDelete(key: string, expected: string): Promise<number>;
  kvIncrementWithTtl(key: string, ttlMs: number): Promise<number>;
  kvAppendToCappedLog(key: string, value: string, maxLength: number, ttlMs: number | ''): Promise<string>;
}

/** The field under which a log entry's value is stored in its stream entry. */
export const LOG_VALUE_FIELD = 'v';
