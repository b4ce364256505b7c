// The framework floor: a NestJS application on Fastify (the shop's own versions and adapter, Nest's defaults: JSON
// and URL-encoded body parsing, routing, the request pipeline) with one route per benchmarked endpoint that answers
// the exact status, headers and body bytes the shop gave for it (captured by bench.mjs), with no guard, no
// middleware of the shop's, no logging and no database. What any Nest route costs here before doing any work.
// Usage: node nest-floor.mjs routes.json
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Module, Req, Res, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8')).map((route) => {
  const body = Buffer.from(route.bodyBase64, 'base64');
  const url = new URL(route.path, 'http://floor');
  return { ...route, pathname: url.pathname, body, headers: { ...route.headers, 'content-length': String(body.length) } };
});

// One controller method per method and path, declared the way @Get()/@Post() declare them (Fastify takes each
// route once; endpoints that differ only by query or caller share one and answer by the request's URL).
class FloorController {}
const groups = new Map();
for (const route of routes) {
  const key = `${route.method} ${route.pathname}`;
  groups.set(key, [...(groups.get(key) ?? []), route]);
}
[...groups.values()].forEach((group, i) => {
  const name = `route${i}`;
  FloorController.prototype[name] = function answer(req, res) {
    const route = group.find((r) => r.path === req.url) ?? group[0];
    res.status(route.status).headers(route.headers).send(route.body);
  };
  const descriptor = Object.getOwnPropertyDescriptor(FloorController.prototype, name);
  Reflect.defineMetadata(PATH_METADATA, group[0].pathname, descriptor.value);
  Reflect.defineMetadata(METHOD_METADATA, RequestMethod[group[0].method], descriptor.value);
  Req()(FloorController.prototype, name, 0);
  Res()(FloorController.prototype, name, 1);
});
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

const app = await NestFactory.create(FloorModule, new FastifyAdapter({ keepAliveTimeout: 65_000 }), { logger: false });
await app.listen(0, '127.0.0.1');
process.stdout.write(`listening ${app.getHttpServer().address().port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
