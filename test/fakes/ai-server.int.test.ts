import { createHash } from 'node:crypto';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateImage,
  generateText,
  NoObjectGeneratedError,
  Output,
  RetryError,
  streamText,
  tool,
} from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeAi, startFakeAi } from './ai-server';

const emailSchema = z.object({ subject: z.string(), body: z.string() });
const PROMPT = 'Write to Ada about <b>engines</b> & looms';

let fake: FakeAi;
const compatible = (supportsStructuredOutputs = false) =>
  createOpenAICompatible({ name: 'test', baseURL: fake.url, apiKey: 'k', supportsStructuredOutputs })('m');

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to reject');
}

beforeAll(async () => {
  fake = await startFakeAi();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

describe('fake AI server with the real AI SDK', () => {
  it('answers generateText with an echo, usage and the recorded bearer key', async () => {
    const result = await generateText({ model: compatible(), system: 'Be brief', prompt: 'Hello there' });
    expect(result.text).toBe('Echo: Hello there');
    expect(result.usage.inputTokens).toBeTypeOf('number');
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer k');
    expect(fake.requests[0]!.body.messages[0]).toEqual({ role: 'system', content: 'Be brief' });
  });

  it('fills a json_schema request when the provider supports structured outputs', async () => {
    const { output } = await generateText({
      model: compatible(true),
      output: Output.object({ schema: emailSchema }),
      prompt: PROMPT,
    });
    expect(output).toEqual({
      subject: `Re: ${PROMPT}`,
      body: '<p>Write to Ada about &lt;b&gt;engines&lt;/b&gt; &amp; looms</p>',
    });
    const format = fake.requests[0]!.body.response_format;
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', strict: true } });
    expect(format.json_schema.schema.required).toEqual(['subject', 'body']);
  });

  it('fills a schema-less json_object request when it does not', async () => {
    const { output } = await generateText({
      model: compatible(false),
      output: Output.object({ schema: z.object({ aiInstructions: z.string() }) }),
      prompt: 'tone: warm',
    });
    expect(output).toEqual({ aiInstructions: 'Echo: tone: warm' });
    expect(fake.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    const mapped = await generateText({
      model: compatible(false),
      output: Output.object({ schema: z.object({ mapping: z.record(z.string(), z.string()) }) }),
      prompt: 'map',
    });
    expect(mapped.output).toEqual({ mapping: {} });
  });

  it('answers a forced tool call with arguments matching the tool schema', async () => {
    const result = await generateText({
      model: compatible(),
      tools: { draft: tool({ inputSchema: emailSchema }) },
      toolChoice: { type: 'tool', toolName: 'draft' },
      prompt: 'Tool please',
    });
    expect(result.toolCalls[0]?.input).toEqual({ subject: 'Re: Tool please', body: '<p>Tool please</p>' });
    expect(fake.requests[0]!.body.tool_choice).toEqual({ type: 'function', function: { name: 'draft' } });
  });

  it('streams SSE chunks for streamText, including usage', async () => {
    const result = streamText({ model: compatible(), prompt: 'A longer message that spans several chunks' });
    expect(await result.text).toBe('Echo: A longer message that spans several chunks');
    expect((await result.usage).totalTokens).toBeGreaterThan(0);
    expect(fake.requests[0]!.body.stream).toBe(true);
  });

  it('serves @ai-sdk/openai through .chat(); the default model calls /responses', async () => {
    const openai = createOpenAI({ baseURL: fake.url, apiKey: 'sk-test' });
    const text = await generateText({ model: openai.chat('gpt-4o-mini'), prompt: 'Hi' });
    expect(text.text).toBe('Echo: Hi');
    const { output } = await generateText({
      model: openai.chat('gpt-4o-mini'),
      output: Output.object({ schema: emailSchema }),
      prompt: 'Hi',
    });
    expect(output.subject).toBe('Re: Hi');
    expect(fake.requests[1]!.body.response_format.type).toBe('json_schema');

    const err = await caught(generateText({ model: openai('gpt-4o-mini'), prompt: 'Hi', maxRetries: 0 }));
    expect(APICallError.isInstance(err) && err.statusCode).toBe(404);
    expect(fake.requests[2]!.path).toBe('/v1/responses');
  });

  it('lets a test override the reply content', async () => {
    fake.setReply((request) =>
      request.body.response_format ? { subject: 'S', body: '<script>alert(1)</script>' } : undefined,
    );
    const { output } = await generateText({
      model: compatible(true),
      output: Output.object({ schema: emailSchema }),
      prompt: 'x',
    });
    expect(output.body).toBe('<script>alert(1)</script>');
    expect((await generateText({ model: compatible(), prompt: 'plain' })).text).toBe('Echo: plain');
  });

  it('recovers from a 429 through the SDK retries, waiting for Retry-After', async () => {
    fake.failNext(1, { kind: 'status', status: 429, retryAfterSeconds: 1 });
    const started = Date.now();
    const result = await generateText({ model: compatible(), prompt: 'again', maxRetries: 2 });
    const elapsed = Date.now() - started;
    expect(result.text).toBe('Echo: again');
    expect(fake.requests).toHaveLength(2);
    // Waited for the 1 s header rather than the SDK's 2 s default first backoff.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1900);
  });

  it('gives up after maxRetries of 500s', async () => {
    // retry-after 0 makes the SDK retry at once instead of backing off 2 s, 4 s.
    fake.failNext(5, { kind: 'status', status: 500, retryAfterSeconds: 0 });
    const err = await caught(generateText({ model: compatible(), prompt: 'x', maxRetries: 2 }));
    expect(RetryError.isInstance(err)).toBe(true);
    const last = (err as RetryError).lastError;
    expect(APICallError.isInstance(last) && last.statusCode).toBe(500);
    expect(fake.requests).toHaveLength(3);

    const direct = await caught(generateText({ model: compatible(), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(direct) && direct.statusCode).toBe(500);
    expect(APICallError.isInstance(direct) && direct.message).toBe('Fake AI failure 500');
  });

  it('does not retry a 400', async () => {
    fake.failAll({ kind: 'status', status: 400 });
    const err = await caught(generateText({ model: compatible(), prompt: 'x', maxRetries: 2 }));
    expect(APICallError.isInstance(err) && err.statusCode).toBe(400);
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects malformed responses and non-JSON structured content', async () => {
    fake.failNext(1, { kind: 'malformed' });
    const malformed = await caught(generateText({ model: compatible(), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(malformed)).toBe(true);

    fake.failNext(1, { kind: 'bad-json-content' });
    const badJson = await caught(
      generateText({ model: compatible(true), output: Output.object({ schema: emailSchema }), prompt: 'x' }),
    );
    expect(NoObjectGeneratedError.isInstance(badJson)).toBe(true);
  });

  it('hangs on timeout until the caller aborts', async () => {
    fake.failNext(1, { kind: 'timeout' });
    const started = Date.now();
    const err = await caught(
      generateText({ model: compatible(), prompt: 'x', abortSignal: AbortSignal.timeout(300) }),
    );
    expect((err as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('applies latency per request concurrently and tracks maxConcurrent', async () => {
    fake.setLatency(200);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => generateText({ model: compatible(), prompt: `n${i}` })),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(results.map((r) => r.text)).toEqual(Array.from({ length: 10 }, (_, i) => `Echo: n${i}`));
    expect(fake.stats()).toMatchObject({ total: 10, maxConcurrent: 10, inFlight: 0 });
  });

  it('generates deterministic image URLs and a valid b64 PNG', async () => {
    const post = (body: object) =>
      fetch(`${fake.url}/images/generations`, { method: 'POST', body: JSON.stringify(body) }).then((r) =>
        r.json(),
      );
    const sha = createHash('sha1').update('a red fox').digest('hex');
    expect((await post({ prompt: 'a red fox' })).data).toEqual([
      { url: `https://images.example.test/${sha}.png`, revised_prompt: 'a red fox' },
    ]);
    const { image } = await generateImage({
      model: createOpenAICompatible({ name: 'test', baseURL: fake.url }).imageModel('img'),
      prompt: 'a red fox',
    });
    expect(Buffer.from(image.uint8Array.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('answers unknown paths with 404 and obeys control endpoints', async () => {
    const missing = await fetch(`${fake.url}/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toContain('/v1/nope');

    const control = (path: string, body: object = {}) =>
      fetch(`http://127.0.0.1:${fake.port}/__control/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    await control('fail-next', { count: 1, failure: { kind: 'status', status: 503 } });
    const err = await caught(generateText({ model: compatible(), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(err) && err.statusCode).toBe(503);
    await control('reset');
    expect(fake.requests).toHaveLength(0);
  });

  it('fills a scripted reply from the prompt’s <sender> block, and passes over a prompt without one', async () => {
    const rules = [
      { fromSender: true, reply: { subject: 'Hi', body: '<p>We are {{sender.proofPoints.0}}.</p>' } },
      { fromSender: true, reply: { subject: 'Never', body: '{{sender.offer}}' } },
    ];
    await fetch(`http://127.0.0.1:${fake.port}/__control/script`, {
      method: 'POST',
      body: JSON.stringify({ rules }),
    });
    const ask = (prompt: string) =>
      generateText({ model: compatible(true), output: Output.object({ schema: emailSchema }), prompt });
    const block = `<sender>\n${JSON.stringify({ proofPoints: ['trusted by 12,000 teams'] }, null, 2)}\n</sender>`;
    expect((await ask(`Write.\n\n${block}`)).output.body).toBe('<p>We are trusted by 12,000 teams.</p>');
    // No block: no rule answers, so the echo does.
    expect((await ask('Write.')).output.body).toBe('<p>Write.</p>');
  });

  it('releases hanging requests on close', async () => {
    const own = await startFakeAi();
    own.failAll({ kind: 'timeout' });
    const pending = caught(
      generateText({
        model: createOpenAICompatible({ name: 't', baseURL: own.url })('m'),
        prompt: 'x',
        maxRetries: 0,
      }),
    );
    while (own.stats().inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await own.close();
    expect(APICallError.isInstance(await pending)).toBe(true);
  });
});
