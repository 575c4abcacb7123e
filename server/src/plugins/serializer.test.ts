import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from './serializer.js';

const person = z.object({ id: z.number().int(), name: z.string() });
const answer = z.object({
  id: z.number().int(),
  title: z.string(),
  reviewer: person.nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  data: z.unknown(),
  note: z.string().optional(),
});

/** One route answering whatever the test hands it, written by the compiled serialiser. */
async function serve(checked: boolean, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(checked));
  app.get('/thing', { schema: { response: { 200: answer } } }, async () => body as never);
  const response = await app.inject({ method: 'GET', url: '/thing' });
  await app.close();
  return response;
}

const thing = {
  id: 7,
  title: 'Quote " and \\ and \u2028 and émoji 🙂',
  reviewer: { id: 3, name: 'Ann', password: 'secret' },
  tags: ['a', 'b'],
  data: { nested: [1, 'two', null, { deep: true }] },
  internal: 'never sent',
};

describe('the compiled response serialiser (issue 16)', () => {
  for (const checked of [true, false]) {
    it(`writes what zod's encoding writes, nothing the schema leaves out (checked: ${checked})`, async () => {
      const response = await serve(checked, thing);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(answer.encode(thing as never))));
      expect(response.body).not.toContain('never sent');
      expect(response.body).not.toContain('secret');
      expect(response.json()).toMatchObject({ reviewer: { id: 3, name: 'Ann' }, tags: ['a', 'b'] });
    });

    it(`writes null and leaves out an absent optional field (checked: ${checked})`, async () => {
      const response = await serve(checked, { ...thing, reviewer: null, data: null });
      expect(response.json()).toEqual({
        id: 7,
        title: thing.title,
        reviewer: null,
        tags: ['a', 'b'],
        data: null,
      });
    });
  }

  it('writes a null enum inside a union (a staff member in a 409, issue 32)', async () => {
    const role = z.object({ role: z.enum(['OWNER', 'EDITOR']).nullable() });
    const union = z.object({ details: z.union([z.object({ field: z.string() }), role]) });
    for (const checked of [true, false]) {
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setSerializerCompiler(createSerializerCompiler(checked));
      app.get('/conflict', { schema: { response: { 200: union } } }, async () => ({
        details: { role: null },
      }));
      const response = await app.inject({ method: 'GET', url: '/conflict' });
      await app.close();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ details: { role: null } });
    }
  });

  it('refuses an answer that breaks its contract where it checks (development, tests)', async () => {
    const response = await serve(true, { ...thing, id: 'seven' });
    expect(response.statusCode).toBe(500);
  });
});
