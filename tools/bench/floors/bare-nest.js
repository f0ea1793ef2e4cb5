// Floor server: NestJS 12 on Express with one controller returning the same JSON document, and no
// middleware, guard, pipe, logger or database. Usage: node bare-nest.js PORT JSON.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const [port, document] = [Number(process.argv[2]), JSON.parse(process.argv[3])];

class EntryController {
  entry() {
    return document;
  }
}
Reflect.decorate([Get('*key')], EntryController.prototype, 'entry', Object.getOwnPropertyDescriptor(EntryController.prototype, 'entry'));
const DecoratedController = Reflect.decorate([Controller('cache')], EntryController);
const FloorModule = Reflect.decorate([Module({ controllers: [DecoratedController] })], class FloorModule {});

NestFactory.create(FloorModule, { logger: false })
  .then((app) => app.listen(port, '127.0.0.1'))
  .then(() => process.send('ready'));
