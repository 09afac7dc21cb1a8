-- Forgets a job that never got its credits.
-- KEYS: q:reserving job:<id>   ARGV: prefix id
local uid = redis.call('HGET', KEYS[2], 'uid')
redis.call('ZREM', KEYS[1], ARGV[2])
if uid then redis.call('SREM', ARGV[1] .. 'user:' .. uid .. ':jobs', ARGV[2]) end
redis.call('DEL', KEYS[2])
return 1
