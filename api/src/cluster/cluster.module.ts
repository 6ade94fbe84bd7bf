import { type DynamicModule, Global, Module } from '@nestjs/common';
import { SharedCounters } from './shared-counters';

/** Provides the app's SharedCounters (the same instance the throttler stores its buckets in). */
@Global()
@Module({})
export class ClusterModule {
  static forRoot(counters: SharedCounters): DynamicModule {
    return { module: ClusterModule, providers: [{ provide: SharedCounters, useValue: counters }], exports: [SharedCounters] };
  }
}
