/** Every key of a Redis and its value, read in one round trip (one `key = value` line each). */
import type { OwnRedis } from '../support/redis.js';

const DUMP = `local out = {}
for _, k in ipairs(redis.call('KEYS', '*')) do
  local t = redis.call('TYPE', k).ok
  local v = ''
  if t == 'string' then v = redis.call('GET', k)
  elseif t == 'hash' then v = table.concat(redis.call('HGETALL', k), ',')
  elseif t == 'zset' then v = table.concat(redis.call('ZRANGE', k, 0, -1, 'WITHSCORES'), ',')
  elseif t == 'list' then v = table.concat(redis.call('LRANGE', k, 0, -1), ',')
  elseif t == 'set' then v = table.concat(redis.call('SMEMBERS', k), ',') end
  table.insert(out, k .. ' = ' .. v)
end
return table.concat(out, '\\n')`;

export function dumpRedis(redis: OwnRedis): string[] {
  return redis.cli('EVAL', DUMP, '0').split('\n').filter(Boolean);
}
