package handler

import (
	"context"
	"sync"

	"github.com/FerretDB/wire"
)

// serializeWrites runs the write commands one at a time.
//
// FerretDB v1 applies an update by reading the matching documents and writing them back
// in two separate backend steps (upstream TODO FerretDB#2168), so two concurrent updates
// of one document can lose one of them, and a guarded `$inc` can overdraw. MongoDB applies
// every single-document write atomically and the platform relies on that (credit guards,
// outbox leases), so the local server keeps writes in a single file.
// infra/scripts/install.sh copies this file into internal/handler before building.
func (h *Handler) serializeWrites() {
	var mu sync.Mutex
	for _, name := range []string{"insert", "update", "delete", "findAndModify", "findandmodify"} {
		cmd, ok := h.commands[name]
		if !ok {
			continue
		}
		next := cmd.Handler
		cmd.Handler = func(ctx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {
			mu.Lock()
			defer mu.Unlock()
			return next(ctx, msg)
		}
	}
}
