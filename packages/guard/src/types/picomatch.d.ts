// picomatch ships no type declarations; this covers the two calls the guard makes.
declare module "picomatch" {
  interface PicomatchOptions {
    readonly dot?: boolean;
    readonly nocase?: boolean;
    readonly strictBrackets?: boolean;
  }
  interface Picomatch {
    (glob: string, options?: PicomatchOptions): (input: string) => boolean;
    makeRe(glob: string, options?: PicomatchOptions): RegExp;
  }
  const picomatch: Picomatch;
  export default picomatch;
}
