-- Driven by scripts/editor-neovim.mjs: Neovim (0.7 or later, headless) as an API developer's editor.
-- Opens $DOC, starts `spectral-api-conventions lsp` as its language server, waits for the diagnostics,
-- asks for the code actions of the first finding of $RULE with the cursor at the start of its line,
-- takes the one titled $TITLE, resolves it,
-- applies its edit through Neovim's own workspace-edit code, writes the buffer and quits. What it saw
-- goes to $REPORT as JSON lines; any failure exits non-zero with the reason there.
local report = assert(io.open(vim.env.REPORT, 'w'))
local function say(kind, value)
  report:write(vim.fn.json_encode({ kind = kind, value = value }) .. '\n')
  report:flush()
end
local function fail(reason)
  say('error', reason)
  report:close()
  vim.cmd('cquit 1')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.DOC))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'spectral-api-conventions',
    cmd = { vim.env.NODE, vim.env.CLI, 'lsp', '--stdio' },
    root_dir = vim.env.ROOT,
  })
  if client_id == nil then return fail('the language server did not start') end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  -- The diagnostics, as Neovim stores them (the LSP diagnostic rides along in user_data).
  local function ours()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = d.user_data and d.user_data.lsp or {}
      table.insert(found, {
        code = lsp.code or d.code,
        message = d.message,
        severity = d.severity,
        range = {
          start = { line = d.lnum, character = d.col },
          ['end'] = { line = d.end_lnum, character = d.end_col },
        },
      })
    end
    return found
  end
  if not vim.wait(120000, function() return #ours() > 0 end, 50) then
    return fail('no diagnostics within 120 s')
  end
  local codes = {}
  for _, d in ipairs(ours()) do table.insert(codes, d.code) end
  table.sort(codes)
  say('diagnostics', codes)

  local target
  for _, d in ipairs(ours()) do
    if d.code == vim.env.RULE then target = d break end
  end
  if target == nil then return fail('no diagnostic of ' .. vim.env.RULE) end
  -- Asked as a user asks, `vim.lsp.buf.code_action()` on the finding's line: the cursor at the start
  -- of that line (before a YAML finding's range, which starts after `responses:`), the range the
  -- cursor makes.
  vim.api.nvim_win_set_cursor(0, { target.range.start.line + 1, 0 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = { target }, only = { 'quickfix' } }
  say('cursor', params.range.start)
  local response = client.request_sync('textDocument/codeAction', params, 120000, bufnr)
  if response == nil or response.err then return fail('codeAction failed: ' .. vim.inspect(response)) end
  local titles, chosen = {}, nil
  for _, action in ipairs(response.result or {}) do
    table.insert(titles, action.title)
    if action.title == vim.env.TITLE then chosen = action end
  end
  say('titles', titles)
  if chosen == nil then return fail('no action titled ' .. vim.env.TITLE) end
  if chosen.edit == nil then
    local resolved = client.request_sync('codeAction/resolve', chosen, 120000, bufnr)
    if resolved == nil or resolved.err then return fail('resolve failed: ' .. vim.inspect(resolved)) end
    chosen = resolved.result
  end
  if chosen.edit == nil then return fail('the resolved action has no edit') end
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding or 'utf-16')
  vim.cmd('write')
  say('written', vim.env.DOC)
end)
if not ok then fail(tostring(err)) end
report:close()
vim.cmd('qall!')
