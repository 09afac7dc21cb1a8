-- Takes a place for a job (state "reserving": invisible to workers until published). No key
-- of an unfinished job has a TTL: under a volatile-* eviction policy Redis may only evict keys
-- that have one, and an unfinished job holds credits.
-- KEYS: q:pro q:free q:reserving user:<uid>:jobs job:<id> seq
-- ARGV: prefix id uid tier cap queue_limit request period credits admission_ms
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
if redis.call('EXISTS', KEYS[5]) == 1 then return {'accepted', 0} end
-- The user's set may name jobs that ended or expired; their hashes are read by prefix.
for _, j in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  local s = redis.call('HGET', ARGV[1] .. 'job:' .. j, 'state')
  if not s or s == 'succeeded' or s == 'failed' or s == 'canceled' then redis.call('SREM', KEYS[4], j) end
end
local mine = redis.call('SCARD', KEYS[4])
if mine >= tonumber(ARGV[5]) then return {'busy', mine} end
local waiting = redis.call('ZCARD', KEYS[1]) + redis.call('ZCARD', KEYS[2]) + redis.call('ZCARD', KEYS[3])
if waiting >= tonumber(ARGV[6]) then return {'full', waiting} end
local seq = redis.call('INCR', KEYS[6])
redis.call('HSET', KEYS[5], 'uid', ARGV[3], 'tier', ARGV[4], 'state', 'reserving', 'seq', seq,
  'attempts', 0, 'request', ARGV[7], 'period', ARGV[8], 'credits', ARGV[9], 'created', now)
redis.call('SADD', KEYS[4], ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[10]), ARGV[2])
return {'accepted', 0}
