declare module 'snowball-stemmers' {
  type Factory = { newStemmer(language: string): { stem(word: string): string }; algorithms(): string[] }
  export const newStemmer: Factory['newStemmer'] | undefined
  const factory: Factory
  export default factory
}
