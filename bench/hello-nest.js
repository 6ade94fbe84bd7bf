// A bare Nest hello-world on the same stack (Nest 11 + Express), the baseline of bench/auth-throughput.js.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class HelloController {
  hello() {
    return { status: 200, message: 'hello' };
  }
}
Controller('api')(HelloController);
Get('hello')(HelloController.prototype, 'hello', Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'));
class HelloModule {}
Module({ controllers: [HelloController] })(HelloModule);

NestFactory.create(HelloModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT || 8099)))
  .then(() => process.send?.('ready'));
