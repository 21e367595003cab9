import { afterAll } from "vitest";
import { removeTempDirs } from "./vitest.temp-dirs.js";

afterAll(removeTempDirs);
