-- The settler is done with a job; whoever waits for it hears a ring.
-- KEYS: job:<id>   ARGV: id channel
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'settled', 2)
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1
