-- wrk script: every request asks for an address no request asked for before (cache-busting):
-- the first argument (default "/?x=") followed by the thread's number and a counter.
local threads = {}
local counter = 0
local prefix = "/?x="

function setup(thread)
  thread:set("thread_number", #threads)
  table.insert(threads, thread)
end

function init(args)
  prefix = args[1] or prefix
end

function request()
  counter = counter + 1
  return wrk.format("GET", prefix .. (thread_number or 0) .. "-" .. counter)
end
