-- Opens one file of a workspace in headless Neovim's built-in LSP client (Neovim 0.7+) and writes
-- the diagnostics spl lsp publishes for it to a JSON file, as NeovimLspIT asks.
-- Globals set by the test (-c "lua ..."): SPL_CMD (the server command), SPL_ROOT, SPL_FILE, SPL_OUT.
local results = { diagnostics = {}, errors = {} }
local published = false
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result.version == 0 then
    published = true
  end
  return default_handler(err, result, ctx, config)
end

local client = vim.lsp.start_client({ cmd = SPL_CMD, root_dir = SPL_ROOT })
vim.cmd('edit ' .. vim.fn.fnameescape(SPL_FILE))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client)
if not vim.wait(60000, function() return published end, 10) then
  table.insert(results.errors, 'no diagnostics for the opened file within 60 s')
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  local related = {}
  for _, r in ipairs(lsp.relatedInformation or {}) do
    table.insert(related, { uri = r.location.uri, line = r.location.range.start.line })
  end
  table.insert(results.diagnostics, { line = d.lnum, code = lsp.code, message = d.message, related = related })
end
vim.fn.writefile({ vim.fn.json_encode(results) }, SPL_OUT)
vim.cmd('qall!')
