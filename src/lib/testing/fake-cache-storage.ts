/** The part of Cache Storage the page touches (names only), in memory, for unit tests. */
export class FakeCacheStorage {
  private readonly names: Set<string>

  constructor(names: readonly string[]) {
    this.names = new Set(names)
  }

  keys(): Promise<string[]> {
    return Promise.resolve([...this.names])
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.names.delete(name))
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage
  }
}
