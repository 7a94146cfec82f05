/*
 * test_maps.c - the mapping descriptors (src/embed/registry.c, map_*.c;
 * issue 39 item 5) say what the mappings do:
 *  - the registry lists the 17 mappings in help's order, one descriptor
 *    each, found by name, as dn_embed_map_name and _summary give them;
 *  - every mapping builds on the network and tree of its example, placing
 *    every task on a processor: from its closed form (place) when it has
 *    one and keeps no per-task array, else from the array it stored;
 *  - the flags, the closed forms and the own map-edge are those of the
 *    mappings the code named one by one before the descriptors (typed
 *    here from embed.c at ad7af3e: its face check, the B(n) renaming, the
 *    dimension-order router, dn_embed_step_dim, dn_embed_place's closed
 *    forms, zrl's map-edge), and agree with what the embedding does: its
 *    own map-edge is the "map-edge" routes, XY the dimension-order
 *    router's name under the default routes, STEPS a step dimension, FACE
 *    whether a face is refused, BN the B(n) renaming of MPI's trees;
 *  - "any" in nets means it: those mappings build on a complete graph and
 *    on a fat tree (switches); the others refuse both, but exact, whose
 *    nets are the undirected networks without switches.
 */
#include "testutil.h"

#include "dcnet/dcnet.h"
#include "../src/embed/embed_impl.h"

typedef struct fixture {
    dn_net net;
    dn_tree tree;
    dn_embed *e;
    int64_t *given;
} fixture;

/* Builds mapping `map` of `tree` on `net`; "given" places task v on
 * processor v mod P. Returns dn_embed_init's status (1 if the net or the
 * tree fails). */
static int build(fixture *f, const char *net, const char *tree, const char *map,
                 dn_embed_opts *o, dn_err *err)
{
    dn_tree_model tm;
    memset(f, 0, sizeof *f);
    if (dn_net_init(&f->net, net, err) || dn_tree_model_parse(tree, &tm, err) ||
        dn_tree_init(&f->tree, &tm, 3, 0, err))
        return 1;
    o->map = map;
    if (strcmp(map, "given") == 0) {
        f->given = malloc((size_t)f->tree.nodes * sizeof *f->given);
        assert_non_null(f->given);
        for (int64_t v = 0; v < f->tree.nodes; v++)
            f->given[v] = v % dn_net_processors(&f->net);
        o->place = f->given;
        o->place_len = f->tree.nodes;
    }
    return dn_embed_init(&f->e, &f->net, &f->tree, o, err);
}

static void unbuild(fixture *f)
{
    dn_embed_free(f->e);
    dn_tree_free(&f->tree);
    dn_net_free(&f->net);
    free(f->given);
}

static dn_embed_opts opts(void)
{
    dn_embed_opts o;
    memset(&o, 0, sizeof o);
    o.root = -1;
    return o;
}

/* The example's network and tree ("NET TREE"). */
static void example(const dn_map_type *t, char *net, char *tree)
{
    assert_int_equal(sscanf(t->example, "%63s %63s", net, tree), 2);
}

static int skipped(const dn_map_type *t)
{
    return strcmp(t->name, "scotch") == 0 && !dn_have_scotch();
}

static void test_registry(void **state)
{
    (void)state;
    static const char *const want[] = {
        "zrl",      "dccube",   "xor",     "reflecting", "growing", "reflecting-nd",
        "growing-nd", "binomial", "cbt",   "exact",      "sneptree", "identity",
        "random",   "greedy",   "scotch",  "drb",        "hier",     "given"};
    const int n = (int)(sizeof want / sizeof want[0]);
    for (int i = 0; i < n; i++) {
        const dn_map_type *t = dn_map_type_at(i);
        assert_non_null(t);
        assert_string_equal(t->name, want[i]);
        assert_ptr_equal(dn_map_find(want[i]), t);
        assert_string_equal(dn_embed_map_name(i), t->name);
        assert_string_equal(dn_embed_map_summary(i), t->summary);
        assert_non_null(t->init);
        assert_true(t->nets && *t->nets && t->trees && *t->trees && t->example);
        for (int j = 0; j < i; j++) /* one descriptor a mapping, one kind each */
            assert_int_not_equal(dn_map_type_at(j)->kind, t->kind);
    }
    assert_null(dn_map_type_at(n));
    assert_null(dn_map_type_at(-1));
    assert_null(dn_embed_map_name(n));
    assert_null(dn_map_find("best")); /* the search's, not a mapping */
    char buf[400];
    assert_string_equal(dn_map_names(buf, sizeof buf),
                        "zrl, dccube, xor, reflecting, growing, reflecting-nd, growing-nd, "
                        "binomial, cbt, exact, sneptree, identity, random, greedy, scotch, drb, "
                        "hier, given");
    /* the message of an unknown name lists them */
    fixture f;
    dn_err err;
    dn_embed_opts o = opts();
    assert_int_equal(build(&f, "ring:4", "binomial:2", "nosuch", &o, &err), DN_ENOTFOUND);
    assert_non_null(strstr(err.msg, buf));
    unbuild(&f);
}

static void test_examples(void **state)
{
    (void)state;
    for (int i = 0; dn_map_type_at(i); i++) {
        const dn_map_type *t = dn_map_type_at(i);
        char net[64], tree[64];
        fixture f;
        dn_err err;
        dn_embed_opts o = opts();
        if (skipped(t))
            continue;
        example(t, net, tree);
        int rc = build(&f, net, tree, t->name, &o, &err);
        if (rc)
            fail_msg("mapping %s on its example %s: %s", t->name, t->example, err.msg);
        assert_string_equal(dn_embed_mapping(f.e), t->name);
        assert_ptr_equal(f.e->type, t);
        const int64_t P = dn_net_processors(&f.net);
        if (!f.e->place) /* kept implicit: only a closed form can */
            assert_non_null(t->place);
        for (int64_t v = 0; v < f.tree.nodes; v++) {
            int64_t p = dn_embed_place(f.e, v);
            assert_true(p >= 0 && p < P);
            if (!f.e->place && !f.e->iso)
                assert_int_equal(p, t->place(f.e, v));
        }
        unbuild(&f);
    }
}

/* name is one of the space-separated names of list */
static int listed(const char *list, const char *name)
{
    const size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

static void test_flags(void **state)
{
    (void)state;
    for (int i = 0; dn_map_type_at(i); i++) {
        const dn_map_type *t = dn_map_type_at(i);
        char net[64], tree[64];
        fixture f, g;
        dn_err err;
        dn_embed_opts o = opts(), ox = opts();
        /* the lists embed.c spelled out by kind before the descriptors */
        assert_int_equal(!!(t->flags & DN_MAP_FACE),
                         listed("dccube xor reflecting growing", t->name));
        assert_int_equal(!!(t->flags & DN_MAP_BN),
                         listed("zrl dccube reflecting growing binomial", t->name));
        assert_int_equal(!!(t->flags & DN_MAP_XY),
                         listed("dccube xor reflecting growing binomial reflecting-nd "
                                "growing-nd", t->name));
        assert_int_equal(!!(t->flags & DN_MAP_STEPS),
                         listed("dccube xor reflecting growing binomial", t->name));
        assert_int_equal(t->place != NULL,
                         listed("zrl cbt binomial dccube xor reflecting growing identity",
                                t->name));
        assert_int_equal(t->route != NULL, listed("zrl", t->name));
        assert_int_equal(t->flags & ~(unsigned)(DN_MAP_FACE | DN_MAP_BN | DN_MAP_XY |
                                                DN_MAP_STEPS), 0);
        if (skipped(t))
            continue;
        example(t, net, tree);
        assert_int_equal(build(&f, net, tree, t->name, &o, &err), DN_OK);
        /* route: its own map-edge under the default routes */
        assert_int_equal(strcmp(dn_embed_routes_name(f.e), "map-edge") == 0, t->route != NULL);
        /* XY: the router the default routes take is the dimension-order one */
        if (!t->route) {
            ox.routes = t->flags & DN_MAP_XY ? DN_ROUTES_XY : DN_ROUTES_SHORTEST;
            assert_int_equal(build(&g, net, tree, t->name, &ox, &err), DN_OK);
            assert_string_equal(dn_embed_routes_name(f.e), dn_embed_routes_name(g.e));
            unbuild(&g);
        }
        /* STEPS: step 1's dimension */
        assert_int_equal(dn_embed_step_dim(f.e, 1) >= 0, (t->flags & DN_MAP_STEPS) != 0);
        /* BN: no renaming on the example's own tree */
        assert_int_equal(f.e->iso, 0);
        unbuild(&f);
        /* FACE: a face is refused by the others, for that reason */
        o = opts();
        o.face_set = 1;
        o.face[0] = 0;
        o.face[1] = 1;
        int rc = build(&f, net, tree, t->name, &o, &err);
        const int refused = rc == DN_EINVAL && strstr(err.msg, "a face applies to") != NULL;
        assert_int_equal(refused, !(t->flags & DN_MAP_FACE));
        unbuild(&f);
        /* BN: B(n) renamed (MPI's broadcast tree of 2^n ranks) goes through
         * the renaming */
        if (t->flags & DN_MAP_BN) {
            assert_string_equal(tree, "binomial:4");
            o = opts();
            assert_int_equal(build(&f, net, "mpich-bcast:16", t->name, &o, &err), DN_OK);
            assert_int_equal(f.e->iso, 1);
            unbuild(&f);
        }
    }
}

static void test_any(void **state)
{
    (void)state;
    for (int i = 0; dn_map_type_at(i); i++) {
        const dn_map_type *t = dn_map_type_at(i);
        if (skipped(t))
            continue;
        const int any = strncmp(t->nets, "any", 3) == 0 && strncmp(t->nets, "any mesh", 8) != 0;
        const int exact = strcmp(t->name, "exact") == 0;
        static const char *const where[][2] = {{"complete:8", "binomial:3"},
                                               {"fattree:4:2", "binomial:3"}};
        for (int w = 0; w < 2; w++) {
            fixture f;
            dn_err err;
            dn_embed_opts o = opts();
            int rc = build(&f, where[w][0], where[w][1], t->name, &o, &err);
            if (any || (exact && w == 0)) {
                if (rc)
                    fail_msg("mapping %s (nets: %s) on %s: %s", t->name, t->nets, where[w][0],
                             err.msg);
            } else {
                assert_int_equal(rc, DN_EINVAL);
            }
            unbuild(&f);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_flags),
        cmocka_unit_test(test_any),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
