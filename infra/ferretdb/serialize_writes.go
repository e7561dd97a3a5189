package handler

import (
	"context"
	"hash/fnv"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/FerretDB/wire"

	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
	"github.com/FerretDB/FerretDB/internal/util/state"
)

// serializeWrites makes every single-document write atomic, as on MongoDB.
//
// FerretDB v1 applies an update by reading the matching documents and writing them back
// in two separate backend steps (upstream TODO FerretDB#2168), so two concurrent updates
// of one document can lose one of them, and a guarded `$inc` can overdraw. MongoDB applies
// every single-document write atomically and the platform relies on that (credit guards,
// outbox leases).
//
// On PostgreSQL, a write whose every statement names its documents by `_id` (equality or `$in`; nearly
// all of them) locks those documents only, so writes to different documents run in
// parallel; any other update, delete or findAndModify locks its whole collection; inserts
// only wait for those. SQLite takes one writer at a time (it answers SQLITE_BUSY to more),
// so on any other backend, or before the backend is known, writes run one at a time.
// infra/scripts/install.sh copies this file into internal/handler before building.
func (h *Handler) serializeWrites() {
	locks := &writeLocks{collections: map[string]*collectionLock{}, backend: h.StateProvider}

	for _, name := range []string{"insert", "update", "delete", "findAndModify", "findandmodify"} {
		cmd, ok := h.commands[name]
		if !ok {
			continue
		}

		next := cmd.Handler
		cmd.Handler = func(ctx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {
			defer locks.lock(msg)()
			return next(ctx, msg)
		}
	}
}

// documentStripes is how many locks share a collection's documents (by hash of `_id`).
const documentStripes = 256

type collectionLock struct {
	whole     sync.RWMutex
	documents [documentStripes]sync.Mutex
}

type writeLocks struct {
	mu          sync.Mutex
	collections map[string]*collectionLock
	all         sync.Mutex
	perDocument atomic.Bool
	backend     *state.Provider
}

func (l *writeLocks) collection(db, name string) *collectionLock {
	l.mu.Lock()
	defer l.mu.Unlock()

	key := db + "." + name
	c := l.collections[key]

	if c == nil {
		c = new(collectionLock)
		l.collections[key] = c
	}

	return c
}

// lock takes what the write command needs and returns the function that releases it.
func (l *writeLocks) lock(msg *wire.OpMsg) func() {
	if !l.perDocument.Load() {
		// decided under the global lock, so no write that took it overlaps the switch
		l.all.Lock()
		if !l.perDocument.Load() {
			if l.backend == nil || l.backend.Get().BackendName != "PostgreSQL" {
				return l.all.Unlock
			}

			l.perDocument.Store(true)
		}
		l.all.Unlock()
	}

	document, err := opMsgDocument(msg)
	if err != nil {
		return func() {} // the command reports the malformed message itself
	}

	db, _ := document.Get("$db")
	name, _ := document.Get(document.Command())
	dbName, _ := db.(string)
	collectionName, _ := name.(string)
	c := l.collection(dbName, collectionName)

	stripes, byID := writeStripes(document)
	if !byID {
		c.whole.Lock()
		return c.whole.Unlock
	}

	c.whole.RLock()

	for _, s := range stripes {
		c.documents[s].Lock()
	}

	return func() {
		for i := len(stripes) - 1; i >= 0; i-- {
			c.documents[stripes[i]].Unlock()
		}

		c.whole.RUnlock()
	}
}

// writeStripes returns the sorted document stripes the command writes, and false when a
// statement does not name its document by `_id` equality (the whole collection is locked).
func writeStripes(document *types.Document) ([]int, bool) {
	var filters []*types.Document

	switch document.Command() {
	case "insert":
		return nil, true
	case "findAndModify", "findandmodify":
		query, _ := document.Get("query")
		filter, _ := query.(*types.Document)
		filters = append(filters, filter)
	case "update", "delete":
		field := map[string]string{"update": "updates", "delete": "deletes"}[document.Command()]
		v, _ := document.Get(field)
		statements, ok := v.(*types.Array)

		if !ok {
			return nil, false
		}

		for i := 0; i < statements.Len(); i++ {
			statement, _ := statements.Get(i)
			s, _ := statement.(*types.Document)

			if s == nil {
				return nil, false
			}

			q, _ := s.Get("q")
			filter, _ := q.(*types.Document)
			filters = append(filters, filter)
		}
	default:
		return nil, false
	}

	stripes := make([]int, 0, len(filters))

	for _, filter := range filters {
		ids, ok := filterIDs(filter)
		if !ok {
			return nil, false
		}

		for _, id := range ids {
			h := fnv.New32a()
			_, _ = h.Write([]byte(id))
			stripes = append(stripes, int(h.Sum32()%documentStripes))
		}
	}

	slices.Sort(stripes)

	return slices.Compact(stripes), true
}

// filterIDs returns the `_id`s a filter pins down, with equality or `$in`, on strings or
// ObjectIds (a batch of writes by `_id`, such as the outbox relay's, locks only those).
func filterIDs(filter *types.Document) ([]string, bool) {
	if filter == nil {
		return nil, false
	}

	v, err := filter.Get("_id")
	if err != nil {
		return nil, false
	}

	d, ok := v.(*types.Document)
	if !ok || d.Len() != 1 || !d.Has("$in") {
		id, ok := idEquality(v)
		return []string{id}, ok
	}

	in, _ := d.Get("$in")
	values, ok := in.(*types.Array)

	if !ok || values.Len() == 0 || values.Len() > documentStripes {
		return nil, false
	}

	ids := make([]string, 0, values.Len())

	for i := 0; i < values.Len(); i++ {
		id, ok := idEquality(must.NotFail(values.Get(i)))
		if !ok {
			return nil, false
		}

		ids = append(ids, id)
	}

	return ids, true
}

// idEquality returns the `_id` a filter's value pins down with equality on a string or ObjectId.
func idEquality(v any) (string, bool) {
	if d, ok := v.(*types.Document); ok && d.Len() == 1 && d.Has("$eq") {
		v, _ = d.Get("$eq")
	}

	switch id := v.(type) {
	case string:
		return "s" + id, true
	case types.ObjectID:
		return "o" + string(id[:]), true
	default:
		return "", false
	}
}
