-- wrk script for `make bench-serve`: with pictures as arguments, POST /decode with each in
-- turn, else the URL as given (GET /encode). Each request is formatted once, in init(), so
-- that wrk's threads, which share the cores with the server, spend little per request;
-- and no response() callback, which would make wrk hand every answer's headers and body to
-- Lua: the statuses come from the server's own counts (/metrics).
local requests = {}
local next_request = 1

function init(args)
  for _, path in ipairs(args) do
    local file = assert(io.open(path, "rb"))
    table.insert(requests, wrk.format("POST", "/decode", { ["Content-Type"] = "application/octet-stream" }, file:read("*a")))
    file:close()
  end
  if #requests == 0 then table.insert(requests, wrk.format()) end
end

function request()
  local formatted = requests[next_request]
  next_request = next_request % #requests + 1
  return formatted
end
