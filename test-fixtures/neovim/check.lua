-- Drives Neovim's built-in LSP client against the bundled Routemap server on a copy of the
-- sample app: waits for diagnostics, asks for hover and definition, types a mistake and
-- waits for its diagnostic. Exits non-zero on any mismatch. Run by server/test/neovim.test.mjs.
local root = os.getenv("ROUTEMAP_APP")
local server = os.getenv("ROUTEMAP_SERVER")
local node = os.getenv("ROUTEMAP_NODE") or "node"
local failures = {}

local function check(ok, message)
  if not ok then table.insert(failures, message) end
end

local function finish()
  if #failures > 0 then
    io.stderr:write("neovim: FAILED\n  " .. table.concat(failures, "\n  ") .. "\n")
    vim.cmd("cquit 1")
  else
    io.stdout:write("neovim: all checks passed\n")
    vim.cmd("qall!")
  end
end

local client_id = vim.lsp.start_client({
  name = "routemap",
  cmd = { node, server, "--stdio" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = "sample" } },
})
check(client_id ~= nil, "the client did not start")

local function open(path)
  vim.cmd("edit " .. root .. "/" .. path)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

local function line_of(buf, pattern)
  for i, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if text:find(pattern, 1, true) then return i - 1 end
  end
  return -1
end

local function request(buf, method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
  local responses = vim.lsp.buf_request_sync(buf, method, params, 10000) or {}
  for _, response in pairs(responses) do
    if response.result then return response.result end
  end
  return nil
end

local routes = open("config/routes.rb")
check(vim.wait(10000, function()
  local client = vim.lsp.get_client_by_id(client_id)
  return client ~= nil and client.initialized
end, 20), "the server did not initialize")

-- The routes file's diagnostics arrive without asking: a route whose action is missing.
check(vim.wait(10000, function()
  for _, d in ipairs(vim.diagnostic.get(routes)) do
    if d.message:find("OrdersController has no action `cancel`", 1, true) then return true end
  end
  return false
end, 20), "no diagnostic for the missing action")

-- Hover on `resources :products` shows its routes.
local products = line_of(routes, "resources :products")
local hover = request(routes, "textDocument/hover", products, 14)
check(hover ~= nil and hover.contents.value:find("products_path", 1, true) ~= nil, "hover did not list products_path")

-- Go to definition from a helper in a view lands on the declaration in the routes file.
local view = open("app/views/products/index.html.erb")
local definition = request(view, "textDocument/definition", 4, 40)
local location = definition and (definition[1] or definition)
check(location ~= nil and location.uri == vim.uri_from_fname(root .. "/config/routes.rb"), "definition did not reach routes.rb")
if location then
  local target = vim.api.nvim_buf_get_lines(routes, location.range.start.line, location.range.start.line + 1, false)[1] or ""
  check(target:find("post :wishlist", 1, true) ~= nil, "definition landed on: " .. target)
end

-- Code lenses above a controller's actions list the routes that reach them.
local controller = open("app/controllers/products_controller.rb")
local lenses = vim.lsp.buf_request_sync(controller, "textDocument/codeLens", { textDocument = { uri = vim.uri_from_bufnr(controller) } }, 10000) or {}
local titles = {}
for _, response in pairs(lenses) do
  for _, lens in ipairs(response.result or {}) do table.insert(titles, lens.command.title) end
end
check(vim.tbl_contains(titles, "GET /products(.:format) · products_path"), "no code lens for index: " .. table.concat(titles, " | "))

-- A URL helper no route defines, in the open view, is an error with the nearest helpers.
check(vim.wait(10000, function()
  for _, d in ipairs(vim.diagnostic.get(view)) do
    if d.severity == vim.diagnostic.severity.ERROR and d.message:find("featurd_products_path", 1, true) and d.message:find("featured_products_path", 1, true) then return true end
  end
  return false
end, 20), "no error for the misspelled helper in the view")

-- A mistake typed into the routes file gets Rails' message, then clears when undone.
vim.api.nvim_set_current_buf(routes)
vim.api.nvim_buf_set_lines(routes, products, products, false, { "  member { get :oops }" })
check(vim.wait(10000, function()
  for _, d in ipairs(vim.diagnostic.get(routes)) do
    if d.message == "can't use member outside resource(s) scope" and d.lnum == products then return true end
  end
  return false
end, 20), "no diagnostic for member outside resources")
vim.api.nvim_buf_set_lines(routes, products, products + 1, false, {})
check(vim.wait(10000, function()
  for _, d in ipairs(vim.diagnostic.get(routes)) do
    if d.severity == vim.diagnostic.severity.ERROR then return false end
  end
  return true
end, 20), "the error did not clear")

finish()
