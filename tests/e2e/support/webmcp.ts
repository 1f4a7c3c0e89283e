/**
 * An agent in the browser, as the tests play it: Chromium's own WebMCP
 * (document.modelContext, behind --enable-features=WebMCP) listing the page's
 * tools and executing one, as a browser assistant or extension would.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';

/** Chromium's flag for WebMCP: pass it as the harness's chromiumArgs. */
export const WEBMCP_FLAGS = ['--enable-features=WebMCP'];

/** What getTools() lists, as plain data (each tool also has its window). */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, boolean>;
  origin: string;
}

/** What the tests use of the page's document.modelContext (Chromium's, with the flag). */
export interface PageGlobals {
  document: {
    modelContext?: {
      getTools(): Promise<ListedTool[]>;
      executeTool(tool: ListedTool, args: Record<string, unknown>): Promise<string>;
      addEventListener(type: 'toolchange', listener: () => void): void;
    };
  };
  /** How many toolchange events the page saw since the test started counting. */
  toolChanges?: number;
}

export const webMcpTools = (page: Page): Promise<ListedTool[]> =>
  page.evaluate(async () => {
    const context = (globalThis as unknown as PageGlobals).document.modelContext!;
    return (await context.getTools()).map(({ name, title, description, inputSchema, annotations, origin }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
      origin
    }));
  });

/** executeTool, as an agent in the browser calls it; Chromium gives back what execute returned, as JSON. */
export const executeInPage = async (page: Page, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> =>
  JSON.parse(
    await page.evaluate(
      async ({ name, args }) => {
        const context = (globalThis as unknown as PageGlobals).document.modelContext!;
        const tool = (await context.getTools()).find((listed) => listed.name === name);
        if (!tool) throw new Error(`document.modelContext has no tool ${name}`);
        return context.executeTool(tool, args);
      },
      { name, args }
    )
  ) as CallToolResult;
