#include <nvJitLink.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
  char *p = malloc(n + 1); fread(p, 1, n, f); p[n] = 0; fclose(f);
  nvJitLinkHandle h; const char *opts[4] = {"-arch=sm_90", argc > 3 ? argv[3] : "-O3"};
  int r = nvJitLinkCreate(&h, 2, opts); if (r) { printf("create %d\n", r); return 1; }
  r = nvJitLinkAddData(h, NVJITLINK_INPUT_PTX, p, n + 1, "x"); if (r) { printf("add %d\n", r); return 1; }
  r = nvJitLinkComplete(h); 
  size_t ls; nvJitLinkGetInfoLogSize(h, &ls); char *log = malloc(ls + 1); nvJitLinkGetInfoLog(h, log); printf("info: %s\n", log);
  if (r) { nvJitLinkGetErrorLogSize(h, &ls); log = malloc(ls+1); nvJitLinkGetErrorLog(h, log); printf("complete %d %s\n", r, log); return 1; }
  size_t cs; nvJitLinkGetLinkedCubinSize(h, &cs); char *c = malloc(cs); nvJitLinkGetLinkedCubin(h, c);
  f = fopen(argv[2], "wb"); fwrite(c, 1, cs, f); fclose(f); return 0;
}
