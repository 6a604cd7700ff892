import {css} from 'lit';

/**
 * The devtools' look. Colours and fonts are custom properties
 * (`--data-devtools-*`), every region is a CSS part: a page themes it from
 * outside without reaching into the shadow root.
 */
export const devtoolsStyles = css`
  :host {
    --_bg: var(--data-devtools-background, #1e1f24);
    --_fg: var(--data-devtools-color, #e8e8ea);
    --_muted: var(--data-devtools-muted, #a3a6ad);
    --_accent: var(--data-devtools-accent, #7cb7ff);
    --_border: var(--data-devtools-border, #3a3d45);
    --_focus: var(--data-devtools-focus, #ffd166);
    position: fixed;
    inset: auto 12px 12px auto;
    z-index: 2147483000;
    font: var(--data-devtools-font, 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    color: var(--_fg);
  }
  :host([inline]) {
    position: static;
  }
  * {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  button {
    font: inherit;
    color: inherit;
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 4px;
    padding: 1px 8px;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
  [part='badge'] {
    background: var(--_bg);
    border-radius: 999px;
    padding: 4px 12px;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.3);
  }
  [part='panel'] {
    width: min(760px, calc(100vw - 24px));
    height: min(480px, calc(100vh - 24px));
    display: flex;
    flex-direction: column;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: 8px;
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.35);
    overflow: hidden;
  }
  [part='header'] {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 10px;
    border-bottom: 1px solid var(--_border);
  }
  [part='header'] h2 {
    font-size: inherit;
    margin: 0 auto 0 0;
  }
  [part='tabs'] {
    display: flex;
    gap: 2px;
    padding: 4px 8px 0;
    border-bottom: 1px solid var(--_border);
  }
  [role='tab'] {
    border: none;
    border-bottom: 2px solid transparent;
    border-radius: 4px 4px 0 0;
    padding: 4px 10px;
  }
  [role='tab'][aria-selected='true'] {
    border-bottom-color: var(--_accent);
    color: var(--_accent);
  }
  [part='tabpanel'] {
    flex: 1;
    overflow: auto;
    padding: 8px 10px;
  }
  [part='search'] {
    font: inherit;
    width: 100%;
    margin-bottom: 6px;
    padding: 3px 6px;
    color: inherit;
    background: transparent;
    border: 1px solid var(--_border);
    border-radius: 4px;
  }
  summary {
    cursor: pointer;
  }
  .children {
    padding-left: 16px;
  }
  .leaf {
    padding-left: 14px;
  }
  .key {
    color: var(--_accent);
  }
  .count,
  .muted,
  .empty,
  .more,
  time,
  .age {
    color: var(--_muted);
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 2px 6px;
    border-bottom: 1px solid var(--_border);
  }
  td.key {
    word-break: break-all;
  }
  td.actions {
    white-space: nowrap;
  }
  .status {
    border-radius: 3px;
    padding: 0 5px;
  }
  .status-valid {
    background: var(--data-devtools-valid, #1f5130);
  }
  .status-stale {
    background: var(--data-devtools-stale, #6b5512);
  }
  .status-invalid {
    background: var(--data-devtools-invalid, #4b4f58);
  }
  .status-error {
    background: var(--data-devtools-error, #7a2a2a);
  }
  ol,
  ul {
    margin: 0;
    padding-left: 20px;
  }
  [part='commits'] {
    list-style: none;
    padding-left: 0;
  }
  [part='commit'],
  [part='request'],
  [part='pending-item'] {
    padding: 3px 0;
    border-bottom: 1px solid var(--_border);
  }
  .commit-line {
    display: flex;
    gap: 8px;
    align-items: baseline;
  }
  .commit-line button {
    margin-left: auto;
  }
  [part='commit'].selected {
    background: rgb(124 183 255 / 0.12);
  }
  .changes {
    color: var(--_muted);
    word-break: break-all;
  }
  [part='snapshot'] {
    margin-top: 10px;
    border-top: 2px solid var(--_accent);
  }
  h3,
  h4 {
    font-size: inherit;
    margin: 8px 0 4px;
  }
`;
