// dockerfile-check runs BuildKit's Dockerfile checks (what `docker build --check` runs)
// without a Docker engine or a registry: the Dockerfile is parsed and converted with the
// real BuildKit frontend, and base images resolve to an empty stand-in config instead of
// being fetched. It prints one line per problem and exits 1 if there is any.
//
//	dockerfile-check [--build-arg NAME=VALUE]... [--target STAGE] Dockerfile
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/moby/buildkit/client/llb"
	"github.com/moby/buildkit/client/llb/sourceresolver"
	"github.com/moby/buildkit/frontend/dockerfile/dockerfile2llb"
	"github.com/moby/buildkit/frontend/dockerui"
	digest "github.com/opencontainers/go-digest"
)

type buildArgs map[string]string

func (b buildArgs) String() string { return fmt.Sprint(map[string]string(b)) }
func (b buildArgs) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", v)
	}
	b[name] = value
	return nil
}

// offlineResolver answers every base image with a minimal Linux image config.
type offlineResolver struct{}

func (offlineResolver) ResolveImageConfig(_ context.Context, ref string, _ sourceresolver.Opt) (string, digest.Digest, []byte, error) {
	config, err := json.Marshal(map[string]any{
		"architecture": "amd64",
		"os":           "linux",
		"rootfs":       map[string]any{"type": "layers", "diff_ids": []string{}},
		"config":       map[string]any{"Env": []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}},
	})
	if err != nil {
		return "", "", nil, err
	}
	return ref, digest.FromBytes(config), config, nil
}

func main() {
	args := buildArgs{}
	flag.Var(args, "build-arg", "a build argument, NAME=VALUE (repeatable)")
	target := flag.String("target", "", "the stage to check (default: every stage)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: dockerfile-check [--build-arg NAME=VALUE]... [--target STAGE] Dockerfile")
		os.Exit(2)
	}
	file := flag.Arg(0)
	dt, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}

	ctx := context.Background()
	src := llb.Scratch()
	def, err := src.Marshal(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sourceMap := llb.NewSourceMap(&src, file, "Dockerfile", dt)
	sourceMap.Definition = def

	results, err := dockerfile2llb.DockerfileLint(ctx, dt, dockerfile2llb.ConvertOpt{
		Config:       dockerui.Config{BuildArgs: args, Target: *target},
		SourceMap:    sourceMap,
		MetaResolver: offlineResolver{},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	problems := 0
	for _, w := range results.Warnings {
		line := 0
		if w.Location != nil && len(w.Location.Ranges) > 0 {
			line = int(w.Location.Ranges[0].Start.Line)
		}
		fmt.Printf("%s:%d: %s: %s\n", file, line, w.RuleName, w.Detail)
		problems++
	}
	if results.Error != nil {
		fmt.Printf("%s: error: %s\n", file, results.Error.Message)
		problems++
	}
	if problems > 0 {
		os.Exit(1)
	}
}
