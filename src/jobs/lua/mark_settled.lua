-- The ledger has settled an ended job's credits: it leaves the unsettled list, its hash and
-- events start to expire (never before: an unsettled job must outlive any eviction by TTL),
-- and whoever waits for it hears a ring. Repeating it is harmless.
-- KEYS: job:<id> ev:<id> unsettled   ARGV: id channel keep_ended_ms
local s = redis.call('HGET', KEYS[1], 'state')
if s ~= 'succeeded' and s ~= 'failed' and s ~= 'canceled' then return 0 end
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HSET', KEYS[1], 'settled', 'done')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1
