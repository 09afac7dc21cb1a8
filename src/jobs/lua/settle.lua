-- Gives the right to settle an ended job to exactly one caller (settled: 1 claimed, 2 done).
-- KEYS: job:<id> unsettled   ARGV: id
local s = redis.call('HGET', KEYS[1], 'state')
redis.call('ZREM', KEYS[2], ARGV[1])
if s ~= 'succeeded' and s ~= 'failed' and s ~= 'canceled' then return 0 end
return redis.call('HSETNX', KEYS[1], 'settled', 1)
