-- Forgets a job that is still being admitted (never one already in line). Returns 1 if it did.
-- KEYS: q:reserving job:<id>   ARGV: prefix id
local uid, s = unpack(redis.call('HMGET', KEYS[2], 'uid', 'state'))
if s ~= 'reserving' then return 0 end
redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('SREM', ARGV[1] .. 'user:' .. uid .. ':jobs', ARGV[2])
redis.call('DEL', KEYS[2])
return 1
