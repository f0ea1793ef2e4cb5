// Floor server: NestJS 12 on Express with one controller returning the same JSON document, and no
// middleware, guard, pipe, logger or database. Usage: node bare-nest.ts PORT JSON [PREFIX] (GET
// /PREFIX/*, default cache).
// Decorators are applied with Reflect.decorate: Node runs this file by stripping types only, and
// decorator syntax is not erasable.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

const [port, document, prefix = 'cache'] = [Number(process.argv[2]), JSON.parse(process.argv[3] ?? 'null') as unknown, process.argv[4]];

class EntryController {
  entry(): unknown {
    return document;
  }
}
Reflect.decorate([Get('*key')], EntryController.prototype, 'entry', Object.getOwnPropertyDescriptor(EntryController.prototype, 'entry'));
Reflect.decorate([Controller(prefix)], EntryController);
class FloorModule {}
Reflect.decorate([Module({ controllers: [EntryController] })], FloorModule);

void NestFactory.create(FloorModule, { logger: false })
  .then((app) => app.listen(port, '127.0.0.1'))
  .then(() => process.send?.('ready'));
